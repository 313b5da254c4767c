import crypto from "node:crypto";
import { storedFileParamsSchema } from "@/lib/contracts/files";

// File extensions by content type. A key's extension is the only place its type is kept, so the
// local folder and a bucket serve the same Content-Type for the same key.
const EXT_BY_TYPE: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/webp": "webp",
  "image/gif": "gif",
  "video/mp4": "mp4",
  "video/webm": "webm",
  "video/quicktime": "mov",
  "audio/mpeg": "mp3",
  "audio/ogg": "ogg",
  "audio/wav": "wav",
  "audio/mp4": "m4a",
  "application/pdf": "pdf",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "text/plain": "txt",
  "application/octet-stream": "bin",
};
const TYPE_BY_EXT = Object.fromEntries(Object.entries(EXT_BY_TYPE).map(([type, ext]) => [ext, type]));

// Segments of letters, digits, "_" and "-" and one final extension: no "..", no absolute paths.
const PREFIX_PATTERN = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export const extensionFor = (contentType: string) =>
  EXT_BY_TYPE[contentType.split(";")[0].trim().toLowerCase()] ?? "bin";

export const contentTypeOf = (key: string) =>
  TYPE_BY_EXT[key.slice(key.lastIndexOf(".") + 1)] ?? "application/octet-stream";

export const isValidKey = (key: string) => storedFileParamsSchema.safeParse({ key }).success;

/** `<prefix>/<yyyy>/<mm>/<uuid>.<ext>`: unguessable, and grouped by month for housekeeping. */
export function newKey({
  prefix,
  contentType,
  now = new Date(),
}: {
  prefix: string;
  contentType: string;
  now?: Date;
}): string {
  if (!PREFIX_PATTERN.test(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${prefix}/${now.getUTCFullYear()}/${month}/${crypto.randomUUID()}.${extensionFor(contentType)}`;
}
