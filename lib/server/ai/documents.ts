import { extname } from "node:path";
import mammoth from "mammoth";
import { extractText, getDocumentProxy } from "unpdf";

/** Files larger than this are refused before parsing (Telegram bots receive at most 20 MB anyway). */
export const DOCUMENT_MAX_BYTES = 20 * 1024 * 1024;
/** Text beyond this is cut (with a note) so one document cannot swallow the model's context. */
export const DOCUMENT_MAX_CHARS = 100_000;

export type DocumentErrorReason = "unsupported" | "too_large" | "unreadable" | "empty";

/** A document the bot cannot read; `reason` picks the user message. */
export class DocumentError extends Error {
  constructor(
    readonly reason: DocumentErrorReason,
    message: string,
  ) {
    super(message);
    this.name = "DocumentError";
  }
}

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
// Binary formats people send that are not text in disguise: refused by name, not by a failed UTF-8 check.
const BINARY_EXTENSIONS = new Set([
  ".doc",
  ".xls",
  ".xlsx",
  ".ppt",
  ".pptx",
  ".odt",
  ".rtf",
  ".zip",
  ".rar",
  ".7z",
  ".exe",
  ".jpg",
  ".jpeg",
  ".png",
  ".gif",
  ".webp",
  ".mp3",
  ".mp4",
  ".ogg",
]);

function kindOf(filename: string, mimeType?: string): "pdf" | "docx" | "text" | "binary" {
  const ext = extname(filename).toLowerCase();
  if (ext === ".pdf" || mimeType === "application/pdf") return "pdf";
  if (ext === ".docx" || mimeType === DOCX_MIME) return "docx";
  if (BINARY_EXTENSIONS.has(ext)) return "binary";
  return "text";
}

/** Plain text, code, CSV, JSON, Markdown…: anything that decodes as UTF-8 without NUL bytes. */
function decodeText(data: Buffer): string {
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(data);
    if (!text.includes("\0")) return text.replace(/^\uFEFF/, "");
  } catch {
    // not UTF-8: falls through to the unsupported error below
  }
  throw new DocumentError("unsupported", "This file is not text, PDF or DOCX");
}

async function parse(kind: "pdf" | "docx", data: Buffer): Promise<string> {
  try {
    if (kind === "pdf") {
      const pdf = await getDocumentProxy(new Uint8Array(data));
      return (await extractText(pdf, { mergePages: true })).text;
    }
    return (await mammoth.extractRawText({ buffer: data })).value;
  } catch (e) {
    throw new DocumentError("unreadable", `The ${kind.toUpperCase()} file could not be read: ${(e as Error).message}`);
  }
}

/** Text of a PDF, DOCX or text/code file, capped at DOCUMENT_MAX_CHARS; DocumentError otherwise. */
export async function extractDocumentText(o: { data: Buffer; filename: string; mimeType?: string }): Promise<string> {
  if (o.data.length > DOCUMENT_MAX_BYTES)
    throw new DocumentError("too_large", `The file is larger than ${DOCUMENT_MAX_BYTES} bytes`);
  const kind = kindOf(o.filename, o.mimeType);
  if (kind === "binary")
    throw new DocumentError("unsupported", `Files of type ${extname(o.filename)} are not supported`);
  const text = (kind === "text" ? decodeText(o.data) : await parse(kind, o.data)).trim();
  if (!text) throw new DocumentError("empty", "The file contains no text");
  if (text.length <= DOCUMENT_MAX_CHARS) return text;
  return `${text.slice(0, DOCUMENT_MAX_CHARS)}\n\n[… cut: the document has ${text.length} characters, the first ${DOCUMENT_MAX_CHARS} are shown]`;
}
