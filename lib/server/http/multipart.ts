import "server-only";
import { Busboy } from "@fastify/busboy";
import { fileTypeFromBuffer } from "file-type";
import type { ZodType } from "zod";
import { ApiError } from "./api-error";

export type UploadedFile = { data: Buffer; filename: string };
export type MultipartForm = { fields: Record<string, string>; files: Record<string, UploadedFile> };

const FIELD_MAX_BYTES = 16 * 1024;

/**
 * Reads a multipart/form-data body as it streams in. Only the file fields named in `fileLimits` are
 * accepted, each up to its byte limit; the moment one goes past it (or the declared Content-Length
 * exceeds what could be allowed) the upload is refused with 413 and the rest is never read.
 */
export async function parseMultipart(req: Request, fileLimits: Record<string, number>): Promise<MultipartForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw new ApiError("unsupported_media_type", "Send the request as multipart/form-data");
  }
  const maxTotal = Object.values(fileLimits).reduce((a, b) => a + b, 0) + 64 * 1024;
  if (Number(req.headers.get("content-length") ?? 0) > maxTotal) throw tooLarge();
  if (!req.body) throw new ApiError("bad_request", "The form is empty");

  let failure: ApiError | undefined;
  const form: MultipartForm = { fields: {}, files: {} };
  const parser = createParser(contentType, fileLimits);
  const reader = req.body.getReader();
  const fail = (error: ApiError) => {
    failure ??= error;
  };

  parser.on("field", (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) fail(new ApiError("bad_request", `The field ${name} is too long`));
    else form.fields[name] = value;
  });
  parser.on("file", (name, stream, filename) => {
    const limit = fileLimits[name];
    if (limit === undefined) {
      fail(new ApiError("bad_request", `Unexpected file field ${name}`));
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) fail(tooLarge(name, limit));
      else chunks.push(chunk);
    });
    stream.on("end", () => {
      if (size <= limit) form.files[name] = { data: Buffer.concat(chunks), filename };
    });
  });
  parser.on("filesLimit", () => fail(new ApiError("bad_request", "Too many files")));
  parser.on("fieldsLimit", () => fail(new ApiError("bad_request", "Too many fields")));
  parser.on("partsLimit", () => fail(new ApiError("bad_request", "Too many parts")));

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("finish", resolve);
    parser.on("error", (error: Error) => reject(new ApiError("bad_request", `Malformed form: ${error.message}`)));
  });
  finished.catch(() => {});

  try {
    for (;;) {
      if (failure) break;
      const { done, value } = await reader.read();
      if (done) break;
      // Respect back-pressure, so a fast client cannot make us buffer more than one chunk ahead.
      if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
  } finally {
    if (failure) await reader.cancel().catch(() => {});
  }
  if (failure) throw failure;
  parser.end();
  await finished;
  if (failure) throw failure;
  return form;
}

/** Busboy throws while reading the header when the boundary is missing or unusable: that is the sender's fault, 415. */
function createParser(contentType: string, fileLimits: Record<string, number>): ReturnType<typeof Busboy> {
  try {
    return Busboy({
      headers: { "content-type": contentType },
      limits: { fieldSize: FIELD_MAX_BYTES, fields: 20, files: Object.keys(fileLimits).length, parts: 30 },
    });
  } catch (error) {
    throw new ApiError(
      "unsupported_media_type",
      `Send multipart/form-data with a boundary (${(error as Error).message})`,
    );
  }
}

function tooLarge(name?: string, limit?: number): ApiError {
  const mb = limit ? ` (at most ${Math.round(limit / 1024 / 1024)} MB)` : "";
  return new ApiError("payload_too_large", name ? `The ${name} is too large${mb}` : "The upload is too large");
}

/** One file field a route takes: its byte limit and, when given, the types its bytes may be. */
export type FileRule = {
  maxBytes: number;
  /** MIME types as file-type reads them from the bytes (a renamed script is not an image). */
  types?: readonly string[];
  /** The 415 message for bytes of another type. */
  refusal?: string;
};

/**
 * What a multipart route accepts: its text fields, validated by `fields`, and at most one file per
 * field named in `files` (so the count is the number of names), each within its rule.
 */
export type MultipartContract<F, K extends string> = { fields: ZodType<F>; files: Record<K, FileRule> };

/** A received file with the type read from its bytes (undefined when they carry no signature: text). */
export type ReceivedFile = UploadedFile & { mime: string | undefined };
export type ReceivedForm<F, K extends string> = { fields: F; files: Partial<Record<K, ReceivedFile>> };

export function isMultipart(req: Request): boolean {
  return (req.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

/**
 * Reads a form by its contract: sizes while it streams, then the fields, then each file's type.
 * An empty file part is what a form sends for a file input left empty, so it counts as no file.
 */
export async function readForm<F, K extends string>(
  req: Request,
  contract: MultipartContract<F, K>,
): Promise<ReceivedForm<F, K>> {
  const rules = Object.entries(contract.files) as [K, FileRule][];
  const form = await parseMultipart(req, Object.fromEntries(rules.map(([name, rule]) => [name, rule.maxBytes])));
  const fields = contract.fields.parse(form.fields);
  const files: Partial<Record<K, ReceivedFile>> = {};
  for (const [name, rule] of rules) {
    const file = form.files[name];
    if (!file || file.data.length === 0) continue;
    const mime = (await fileTypeFromBuffer(file.data))?.mime;
    if (rule.types && !(mime && rule.types.includes(mime))) {
      throw new ApiError("unsupported_media_type", rule.refusal ?? `The ${name} is not of an accepted type`);
    }
    files[name] = { ...file, mime };
  }
  return { fields, files };
}
