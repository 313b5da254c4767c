import convertMarkdown from "telegramify-markdown";
import { describe, expect, it } from "vitest";
import { markdownV2Problem } from "@/lib/shared/markdown-v2-check";

describe("markdownV2Problem", () => {
  it("accepts entities, escapes, links, code and quotes", () => {
    for (const ok of [
      "*bold* _italic_ __underline__ ~strike~ ||spoiler|| plain\\.",
      "*bold _italic bold ~strike~ __underline__ ||spoiler||_ bold*",
      "[site](https://example.com/a_b?x=1) `code with . and *` and ```js\nconst a = 1;\n```",
      "> a quote line\nnext line \\- with \\(escapes\\) \\!",
    ]) {
      expect(markdownV2Problem(ok)).toBeNull();
    }
  });

  it("names the first reserved character left unescaped", () => {
    expect(markdownV2Problem("Hello.")).toEqual({ at: 5, char: ".", reason: "unescaped" });
    expect(markdownV2Problem("a - b")).toEqual({ at: 2, char: "-", reason: "unescaped" });
    expect(markdownV2Problem("2+2=4")).toEqual({ at: 1, char: "+", reason: "unescaped" });
    expect(markdownV2Problem("(x)")).toEqual({ at: 0, char: "(", reason: "unescaped" });
    expect(markdownV2Problem("ends with \\")).toEqual({ at: 10, char: "\\", reason: "unescaped" });
  });

  it("refuses entities left open or crossed", () => {
    expect(markdownV2Problem("*bold")).toEqual({ at: 0, char: "*", reason: "unclosed" });
    expect(markdownV2Problem("`code")).toMatchObject({ reason: "unclosed" });
    expect(markdownV2Problem("[link](https://x")).toMatchObject({ reason: "unclosed" });
    expect(markdownV2Problem("*a _b* c_")).toEqual({ at: 5, char: "*", reason: "misnested" });
  });

  it("agrees with what the bot's converter (telegramify-markdown) produces from ordinary Markdown", () => {
    const converted = convertMarkdown(
      "# Title\n\nSome **bold**, a [link](https://example.com), 1. item - done!",
      "escape",
    );
    expect(markdownV2Problem(converted)).toBeNull();
  });
});
