// Telegram's MarkdownV2 (https://core.telegram.org/bots/api#markdownv2-style), parsed into a tree the
// demo chat renders as the messenger would: *bold*, _italic_, __underline__, ~strike~, ||spoiler||,
// `code`, ```pre```, [links](url) and > quote lines. Any character may be escaped with "\". Text
// Telegram would refuse (an entity left open) parses to null and is shown as it is.

export type TelegramNode =
  | { type: "text"; text: string }
  | { type: "bold" | "italic" | "underline" | "strike" | "spoiler" | "quote"; children: TelegramNode[] }
  | { type: "code"; text: string }
  | { type: "pre"; text: string; language: string | null }
  | { type: "link"; url: string; children: TelegramNode[] };

type Styled = "bold" | "italic" | "underline" | "strike" | "spoiler";

// Longest first: "__" is always underline, as Telegram reads it greedily.
const MARKERS: Array<[string, Styled]> = [
  ["||", "spoiler"],
  ["__", "underline"],
  ["*", "bold"],
  ["_", "italic"],
  ["~", "strike"],
];

class Malformed extends Error {}

class Parser {
  private at = 0;
  constructor(private readonly src: string) {}

  /** Nodes up to `closer` (consumed), or to the end when there is none. */
  parse(closer: string | null): TelegramNode[] {
    const nodes: TelegramNode[] = [];
    let text = "";
    const flush = () => {
      if (text) nodes.push({ type: "text", text });
      text = "";
    };
    const { src } = this;
    while (this.at < src.length) {
      const c = src[this.at];
      if (c === "\\") {
        if (this.at + 1 >= src.length) throw new Malformed();
        text += src[this.at + 1];
        this.at += 2;
        continue;
      }
      if (closer && src.startsWith(closer, this.at) && (closer !== "_" || !src.startsWith("__", this.at))) {
        this.at += closer.length;
        flush();
        return nodes;
      }
      const lineStart = this.at === 0 || src[this.at - 1] === "\n";
      if (lineStart && closer === null && (c === ">" || src.startsWith("**>", this.at))) {
        flush();
        this.at += c === ">" ? 1 : 3;
        nodes.push({ type: "quote", children: this.quoteLine() });
        continue;
      }
      if (src.startsWith("```", this.at)) {
        flush();
        nodes.push(this.pre());
        continue;
      }
      if (c === "`") {
        flush();
        this.at += 1;
        nodes.push({ type: "code", text: this.verbatim("`") });
        continue;
      }
      if (c === "[") {
        flush();
        this.at += 1;
        nodes.push(this.link());
        continue;
      }
      const marker = MARKERS.find(([token]) => src.startsWith(token, this.at));
      if (marker) {
        flush();
        this.at += marker[0].length;
        nodes.push({ type: marker[1], children: this.parse(marker[0]) });
        continue;
      }
      text += c;
      this.at += 1;
    }
    if (closer) throw new Malformed();
    flush();
    return nodes;
  }

  /** A quote runs to the end of its line ("||" closes an expandable one). */
  private quoteLine(): TelegramNode[] {
    const end = this.src.indexOf("\n", this.at);
    const line = this.src
      .slice(this.at, end === -1 ? undefined : end)
      .replace(/\|\|$/, "")
      .replace(/^ /, "");
    this.at = end === -1 ? this.src.length : end + 1;
    return new Parser(line).parse(null);
  }

  /** Code and pre keep everything but "\`" and "\\" escapes. */
  private verbatim(closer: string): string {
    let text = "";
    while (this.at < this.src.length) {
      if (this.src.startsWith(closer, this.at)) {
        this.at += closer.length;
        return text;
      }
      if (this.src[this.at] === "\\" && this.at + 1 < this.src.length) this.at += 1;
      text += this.src[this.at];
      this.at += 1;
    }
    throw new Malformed();
  }

  private pre(): TelegramNode {
    this.at += 3;
    const newline = this.src.indexOf("\n", this.at);
    const firstLine = newline === -1 ? "" : this.src.slice(this.at, newline);
    let language: string | null = null;
    if (newline !== -1 && /^[\w+#.-]*$/.test(firstLine)) {
      language = firstLine || null;
      this.at = newline + 1;
    }
    return { type: "pre", language, text: this.verbatim("```").replace(/\n$/, "") };
  }

  private link(): TelegramNode {
    const children = this.parse("]");
    if (this.src[this.at] !== "(") throw new Malformed();
    this.at += 1;
    let url = "";
    while (this.at < this.src.length && this.src[this.at] !== ")") {
      if (this.src[this.at] === "\\" && this.at + 1 < this.src.length) this.at += 1;
      url += this.src[this.at];
      this.at += 1;
    }
    if (this.src[this.at] !== ")") throw new Malformed();
    this.at += 1;
    return { type: "link", url, children };
  }
}

/** The MarkdownV2 text as a tree, or null when Telegram would refuse to parse it. */
export function parseMarkdownV2(src: string): TelegramNode[] | null {
  try {
    return new Parser(src).parse(null);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}
