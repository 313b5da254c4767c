// Links and images inside model answers: only these schemes survive; javascript:, data:, vbscript:,
// relative paths and anything unparsable become "" (rendered as plain text).
const ALLOWED_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

export function safeUrl(url: string): string {
  try {
    return ALLOWED_PROTOCOLS.has(new URL(url).protocol) ? url : "";
  } catch {
    return "";
  }
}
