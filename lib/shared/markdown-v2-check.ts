// Checks text against Telegram's MarkdownV2 rules (https://core.telegram.org/bots/api#markdownv2-style)
// before it is sent, so an operator's broadcast is refused in the console instead of by the Bot API
// for every recipient: entities (*bold*, _italic_, __underline__, ~strike~, ||spoiler||, `code`,
// ```pre```, [text](url), > quotes at a line's start) must be closed and nested, and every other
// reserved character must be escaped with "\".

/** Where the text breaks the rules: the offending character and its index. */
export type MarkdownV2Problem = { at: number; char: string; reason: "unescaped" | "unclosed" | "misnested" };

const RESERVED = new Set("_*[]()~`>#+-=|{}.!\\");
const MARKERS = ["||", "__", "*", "_", "~"];

/** Telegram's limit on a message's text after entities are parsed; checked on the raw text, which is at least as long. */
export const TELEGRAM_TEXT_LIMIT = 4096;

/** The first rule the text breaks, or null when Telegram will accept it. */
export function markdownV2Problem(src: string): MarkdownV2Problem | null {
  const open: Array<{ marker: string; at: number }> = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === "\\") {
      if (i + 1 >= src.length) return { at: i, char: c, reason: "unescaped" };
      i += 2;
      continue;
    }
    if (src.startsWith("```", i) || c === "`") {
      const fence = src.startsWith("```", i) ? "```" : "`";
      let j = i + fence.length;
      while (j < src.length && !src.startsWith(fence, j)) j += src[j] === "\\" ? 2 : 1;
      if (j >= src.length) return { at: i, char: c, reason: "unclosed" };
      i = j + fence.length;
      continue;
    }
    const top = open.at(-1);
    if (c === "]" && top?.marker === "[") {
      open.pop();
      if (src[i + 1] !== "(") return { at: i, char: c, reason: "unescaped" };
      let j = i + 2;
      while (j < src.length && src[j] !== ")") j += src[j] === "\\" ? 2 : 1;
      if (j >= src.length) return { at: i + 1, char: "(", reason: "unclosed" };
      i = j + 1;
      continue;
    }
    if (c === "[") {
      open.push({ marker: "[", at: i });
      i += 1;
      continue;
    }
    if (c === ">" && (i === 0 || src[i - 1] === "\n") && open.length === 0) {
      i += 1;
      continue;
    }
    const marker = MARKERS.find((m) => src.startsWith(m, i));
    if (marker) {
      if (top?.marker === marker) open.pop();
      else if (open.some((o) => o.marker === marker)) return { at: i, char: marker, reason: "misnested" };
      else open.push({ marker, at: i });
      i += marker.length;
      continue;
    }
    if (RESERVED.has(c)) return { at: i, char: c, reason: "unescaped" };
    i += 1;
  }
  const left = open.at(-1);
  return left ? { at: left.at, char: left.marker, reason: "unclosed" } : null;
}
