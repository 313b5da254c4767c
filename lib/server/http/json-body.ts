import "server-only";
import { ApiError } from "./api-error";

/** docs/product/limits.md: JSON bodies stop being read past 64 KB. */
export const JSON_BODY_LIMIT_BYTES = 64 * 1024;

const tooLarge = () => new ApiError("payload_too_large", `Body is larger than ${JSON_BODY_LIMIT_BYTES} bytes`);

function isJsonType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type);
}

/** Reads at most `limit` bytes, cancelling the stream past it, so a huge body is never buffered. */
async function readLimited(req: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(req.headers.get("content-length") ?? "");
  if (Number.isFinite(declared) && declared > limit) {
    await req.body?.cancel().catch(() => {});
    throw tooLarge();
  }
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** True when a parsed value holds a NUL character anywhere (PostgreSQL text cannot store one). */
export function containsNul(value: unknown): boolean {
  if (typeof value === "string") return value.includes("\0");
  if (Array.isArray(value)) return value.some(containsNul);
  if (value && typeof value === "object") {
    return Object.entries(value).some(([k, v]) => k.includes("\0") || containsNul(v));
  }
  return false;
}

/**
 * The JSON body of a request: `{}` when empty, 415 for a non-empty body of another content type
 * (a text/plain form post must not create a payment), 413 past the limit, 400 for broken JSON or
 * NUL characters.
 */
export async function readJsonBody(req: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const bytes = await readLimited(req, limit);
  const text = new TextDecoder().decode(bytes);
  if (!text.trim()) return {};
  if (!isJsonType(req.headers.get("content-type"))) {
    throw new ApiError("unsupported_media_type", "Send the body as application/json");
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError("bad_request", "Body is not valid JSON");
  }
  if (containsNul(parsed)) throw new ApiError("bad_request", "NUL characters are not allowed");
  return parsed;
}
