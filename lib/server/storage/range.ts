import type { ByteRange } from "./backend";

/**
 * One byte range from a Range header (RFC 9110): "bytes=a-b", "bytes=a-", "bytes=-n". Answers null
 * for no header or a form we serve whole (several ranges), "unsatisfiable" when it lies past the end.
 */
export function parseRange(header: string | null, size: number): ByteRange | null | "unsatisfiable" {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
