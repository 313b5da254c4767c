// How a Telegram client sends a text longer than one message may be (4096 UTF-16 code units), as
// Telegram Desktop does it (TextUtilities::CutPart, then each part trimmed): a part ends at the best
// break in the second half of the limit, a paragraph break before a line break, before a sentence's
// end, before a clause's end, before a space, before anything else; among equal breaks the last one.
// Clients that cut at the limit itself (no break found) are the case of a text without breaks.

const LIMIT = 4096;

function breakLevel(text: string, at: number): number {
  const ch = text[at];
  const before = text[at - 1];
  if (ch === "\n") return text[at + 1] === "\n" ? 15 : 13;
  if (/\s/.test(ch)) return /[.!?]/.test(before) ? 10 : /[,;:]/.test(before) ? 8 : 6;
  return /\W/.test(before) ? 4 : 2;
}

export function splitLikeTelegram(text: string, limit = LIMIT): string[] {
  const parts: string[] = [];
  let left = text;
  while (left.length > limit) {
    let good = limit;
    let goodLevel = 0;
    for (let at = Math.floor(limit / 2) + 1; at < limit; at++) {
      const level = breakLevel(left, at);
      if (level >= goodLevel) [good, goodLevel] = [at, level];
    }
    parts.push(left.slice(0, good).trim());
    left = left.slice(good);
  }
  parts.push(left.trim());
  return parts.filter(Boolean);
}
