import type { ChatMessage, ContentPart } from "./types";

// A user message with an image is a list of parts (lib/server/ai/types.ts); what is counted, quoted
// or summarised of it is its text, an image standing as "[image]".

/**
 * About what one picture costs a model in tokens: OpenAI counts a photo scaled to 1024 px as four
 * 512 px tiles of 170 tokens and 85 more. Context budgets count each image kept at this.
 */
export const IMAGE_TOKENS = 765;

/** An image the model sees, sent inline as a data URL (docs/decisions/0491-images-inline-as-data-urls.md). */
export const imagePart = ({ data, contentType }: { data: Buffer; contentType: string }): ContentPart => ({
  type: "image_url",
  image_url: { url: `data:${contentType};base64,${data.toString("base64")}` },
});

/** A message's text, images standing as "[image]". */
export function contentText(content: ChatMessage["content"]): string {
  if (typeof content === "string") return content;
  return content.map((part) => (part.type === "text" ? part.text : "[image]")).join("\n");
}

/** How many images a message carries. */
export const imageCount = (content: ChatMessage["content"]) =>
  typeof content === "string" ? 0 : content.filter((part) => part.type === "image_url").length;
