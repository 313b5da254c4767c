import { z } from "zod";

// GET /api/files/{key}?exp=&sig=: the stored file's bytes (Range supported), never a JSON answer.
// The link is its own credential (lib/server/storage/signing.ts): a key, its expiry and their
// signature; a link that does not match these shapes is refused like a wrong one (403), a key that
// names no file 404.
export const storedFileResponseSchema = z.never();

/** The storage key: `<prefix>/<yyyy>/<mm>/<uuid>.<ext>`, its slashes kept in the path. */
const STORED_FILE_KEY_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]{1,5}$/;
export const storedFileParamsSchema = z.object({
  key: z.string().max(300).regex(STORED_FILE_KEY_PATTERN).meta({ description: "The file's key; it holds slashes" }),
});
export const storedFileQuerySchema = z.object({
  exp: z
    .string()
    .regex(/^\d{1,12}$/)
    .meta({ description: "When the link expires, in seconds since 1970" }),
  sig: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .meta({ description: "HMAC-SHA256 of the key and exp, base64url" }),
});
export const storedFileHeadersSchema = z.object({
  Range: z.string().max(200).optional().meta({ description: "One byte range (bytes=start-end), as a <video> asks" }),
});
