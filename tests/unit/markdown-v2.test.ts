import convertMarkdown from "telegramify-markdown";
import { describe, expect, it } from "vitest";
import { toMarkdownV2 } from "@/lib/server/bot/markdown-v2";

// The pipeline configured once must convert exactly as the library's own entry does, call after call
// (a link definition of one answer must not leak into the next).
describe("toMarkdownV2", () => {
  const samples = [
    "**Demo answer**\n\nYou asked *gpt-4o-mini*:\n\n> What is 2+2?\n\n- one;\n- two.\n\n```ts\nconst answer = 1;\n```",
    "# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n~~gone~~ and <b>html</b> <!-- note -->",
    'See [the docs][d] and [x][d].\n\n[d]: https://example.org/a_(b) "Docs"',
    "A reference left dangling: [the docs][d]. Reserved: _ * [ ] ( ) ~ ` > # + - = | { } . !",
    "tokens: 17 · left: 999 983 · context 1%",
    "",
  ];

  it("answers what telegramify-markdown answers", () => {
    for (const sample of samples) expect(toMarkdownV2(sample)).toBe(convertMarkdown(sample, "escape"));
  });

  it("forgets one text's link definitions before the next", () => {
    toMarkdownV2(samples[2]);
    expect(toMarkdownV2(samples[3])).toBe(convertMarkdown(samples[3], "escape"));
  });
});
