import "server-only";
import type { z } from "zod";
import { demoChatFileFieldsSchema, type DemoFileKind } from "@/lib/contracts/demo-chat";
import { ApiError } from "@/lib/server/http/api-error";
import type { MultipartContract, ReceivedFile, ReceivedForm } from "@/lib/server/http/multipart";
import { storeFile } from "@/lib/server/storage";
import { imageSize } from "./image-size";

/** Telegram lets a bot download files of at most 20 MB (getFile); the demo chat takes no more. */
export const DEMO_UPLOAD_MAX_BYTES = 20 * 1024 * 1024;

/** The demo chat's form: the kind decides which types its file may be (checked in `sniff`). */
export const demoChatFileForm = {
  fields: demoChatFileFieldsSchema,
  files: { file: { maxBytes: DEMO_UPLOAD_MAX_BYTES } },
} satisfies MultipartContract<z.infer<typeof demoChatFileFieldsSchema>, "file">;

export type DemoChatFileForm = ReceivedForm<
  z.infer<typeof demoChatFileFieldsSchema>,
  keyof typeof demoChatFileForm.files
>;

export type DemoUpload = {
  kind: DemoFileKind;
  key: string;
  mime: string;
  size: number;
  fileName: string;
  caption?: string;
  duration: number;
  width: number;
  height: number;
};

const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp"]);
// Names file-type gives that the storage keys know under another (lib/server/storage/keys.ts).
const STORED_AS: Record<string, string> = {
  "audio/x-m4a": "audio/mp4",
  "audio/opus": "audio/ogg",
  "audio/x-wav": "audio/wav",
  "audio/wave": "audio/wav",
  // A browser's MediaRecorder writes audio-only WebM, which file-type names by its container.
  "audio/webm": "video/webm",
};

const isAudio = (mime: string) => mime.startsWith("audio/") || mime === "video/webm";

/** Text files (code, TXT, CSV) have no magic bytes: valid UTF-8 without NUL counts as text. */
function looksLikeText(data: Buffer): boolean {
  if (data.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(data);
    return true;
  } catch {
    return false;
  }
}

/** The type read from the bytes, checked against what the kind accepts (a renamed script is not a photo). */
function sniff(kind: DemoFileKind, { data, mime: detected }: ReceivedFile): string {
  if (kind === "photo") {
    if (detected && PHOTO_TYPES.has(detected)) return detected;
    throw new ApiError("unsupported_media_type", "A photo must be a JPEG, PNG or WebP image");
  }
  if (kind === "voice" || kind === "audio") {
    if (detected && isAudio(detected)) return detected === "video/webm" ? "audio/webm" : detected;
    throw new ApiError("unsupported_media_type", "A voice message or audio must be an audio file");
  }
  return detected ?? (looksLikeText(data) ? "text/plain" : "application/octet-stream");
}

// A file name as Telegram shows it: no folders, no control characters, bounded.
const cleanFileName = (name: string) =>
  name
    .replace(/^.*[\\/]/, "")
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .slice(0, 255) || "file";

/** Checks the demo chat's upload by content (its size was checked as it streamed in) and stores it. */
export async function receiveDemoUpload({ fields, files: { file } }: DemoChatFileForm): Promise<DemoUpload> {
  if (!file) throw new ApiError("bad_request", "Attach a file", { file: ["Required"] });
  const mime = sniff(fields.kind, file);
  const { key } = await storeFile({ data: file.data, contentType: STORED_AS[mime] ?? mime, prefix: "demo-chat/user" });
  const { width, height } = fields.kind === "photo" ? imageSize(file.data) : { width: 0, height: 0 };
  return {
    kind: fields.kind,
    key,
    mime,
    size: file.data.length,
    fileName: cleanFileName(file.filename),
    caption: fields.caption || undefined,
    duration: fields.duration ?? 0,
    width,
    height,
  };
}
