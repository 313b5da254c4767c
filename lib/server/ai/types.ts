// The model layer's shapes, apart from the factory in provider.ts so the adapters can use them
// without importing the module that imports them.

/**
 * A part of a user's message as the chat completions API takes it: text, or an image the model sees
 * (`image_url` with a data URL or a link the provider can fetch). Only a vision model accepts images.
 */
export type ContentPart = { type: "text"; text: string } | { type: "image_url"; image_url: { url: string } };
export type ChatMessage =
  { role: "system" | "assistant"; content: string } | { role: "user"; content: string | ContentPart[] };
/** The speech API's formats the bot asks for: MP3 for an audio file, OGG/Opus for a voice message. */
export type SpeechFormat = "mp3" | "opus";
export type Usage = { promptTokens: number; completionTokens: number; totalTokens: number };
/** A produced file; `note` is shown with it in the chat (the sandbox's demo label). */
export type AiFile = { data: Buffer; contentType: string; note?: string };

/**
 * What every call takes besides its input: the caller's abort signal (Stop, timeouts) and the user's
 * language, which only the sandbox uses, for its labelled stand-in results ("ru" or "en", as bot
 * texts; English without it). A real model follows the conversation's language by itself.
 */
export type AiCall = { signal: AbortSignal; lang?: string };

/**
 * The model layer the bot calls. Through getAiProvider() `model` is the catalogue model name (a name
 * outside the catalogue goes to the default channel as it is); one channel's adapter (openai-provider.ts)
 * and the sandbox take the id the endpoint knows the model by.
 */
export interface AiProvider {
  readonly name: "openai" | "sandbox" | "channels";
  chatStream(
    o: AiCall & { model: string; messages: ChatMessage[] },
  ): AsyncIterable<{ delta: string } | { usage: Usage }>;
  generateImage(o: AiCall & { model: string; prompt: string }): Promise<AiFile>;
  editImage(o: AiCall & { model: string; prompt: string; image: Buffer; filename: string }): Promise<AiFile>;
  transcribe(
    o: AiCall & { model: string; audio: Buffer; filename: string },
  ): Promise<{ text: string; durationSeconds?: number }>;
  speech(o: AiCall & { model: string; text: string; voice?: string; format?: SpeechFormat }): Promise<AiFile>;
  cleanAudio(o: AiCall & { audio: Buffer; filename: string }): Promise<AiFile>;
}
