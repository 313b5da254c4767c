// Cuts by user-perceived characters (grapheme clusters), so an emoji, a flag or a letter with a
// combining mark is never split into broken UTF-16 halves.
const segmenter = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/** The first `max` characters of `text`, with "…" appended when something was cut off. */
export function previewText(text: string, max: number): string {
  // A character is one UTF-16 unit or more, so a text no longer than `max` units is never cut: most
  // previews (short first lines and last messages) skip segmenting.
  if (text.length <= max) return text;
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === max) return `${text.slice(0, index)}…`;
    count += 1;
  }
  return text;
}
