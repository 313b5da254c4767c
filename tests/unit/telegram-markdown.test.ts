import convertMarkdown from "telegramify-markdown";
import { describe, expect, it } from "vitest";
import { parseMarkdownV2 } from "@/components/demo-chat/telegram-markdown";

describe("parseMarkdownV2", () => {
  it("reads entities, escapes and nesting", () => {
    expect(parseMarkdownV2("*bold \\*text* _it __under__ it_ ~s~ ||sp|| `a\\`b` [link](https://x.org/\\))")).toEqual([
      { type: "bold", children: [{ type: "text", text: "bold *text" }] },
      { type: "text", text: " " },
      {
        type: "italic",
        children: [
          { type: "text", text: "it " },
          { type: "underline", children: [{ type: "text", text: "under" }] },
          { type: "text", text: " it" },
        ],
      },
      { type: "text", text: " " },
      { type: "strike", children: [{ type: "text", text: "s" }] },
      { type: "text", text: " " },
      { type: "spoiler", children: [{ type: "text", text: "sp" }] },
      { type: "text", text: " " },
      { type: "code", text: "a`b" },
      { type: "text", text: " " },
      { type: "link", url: "https://x.org/)", children: [{ type: "text", text: "link" }] },
    ]);
  });

  it("reads pre blocks with their language and quote lines", () => {
    expect(parseMarkdownV2("> quoted *line*\n```ts\nconst a = 1;\n```\nend\\.")).toEqual([
      {
        type: "quote",
        children: [
          { type: "text", text: "quoted " },
          { type: "bold", children: [{ type: "text", text: "line" }] },
        ],
      },
      { type: "pre", language: "ts", text: "const a = 1;" },
      { type: "text", text: "\nend." },
    ]);
  });

  it("answers null for text Telegram would refuse (an entity left open, a link without its URL)", () => {
    expect(parseMarkdownV2("*open")).toBeNull();
    expect(parseMarkdownV2("```never closed")).toBeNull();
    expect(parseMarkdownV2("[text] after")).toBeNull();
    expect(parseMarkdownV2("ends with \\")).toBeNull();
  });

  it("reads what the bot sends: the sandbox answer converted by telegramify-markdown", () => {
    const markdown =
      "**Demo answer**\n\nYou asked *gpt-4o-mini*:\n\n> What is 2+2?\n\n- one;\n- two.\n\n```ts\nconst answer = 1;\n```";
    const nodes = parseMarkdownV2(convertMarkdown(markdown, "escape"))!;
    expect(nodes).not.toBeNull();
    expect(nodes[0]).toEqual({ type: "bold", children: [{ type: "text", text: "Demo answer" }] });
    expect(nodes).toContainEqual({ type: "italic", children: [{ type: "text", text: "gpt-4o-mini" }] });
    expect(nodes).toContainEqual({ type: "quote", children: [{ type: "text", text: "What is 2+2?" }] });
    expect(nodes).toContainEqual({ type: "pre", language: null, text: "const answer = 1;" });
  });
});
