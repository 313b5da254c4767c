import "server-only";
import type { Context } from "grammy";
import type { Message, PhotoSize } from "grammy/types";
import { TELEGRAM_DOWNLOAD_LIMIT } from "../telegram-files";
import { splitForTelegram } from "../replies";

// A file a user sent, whatever message carried it, and the plain-text answer most actions give.

export type IncomingFile = {
  fileId: string;
  /** file_size from the message; Telegram may leave it out. */
  size?: number;
  /** A name whose extension the model endpoints recognise (Telegram's voice paths end in .oga). */
  filename: string;
  contentType: string;
  /** Length of a voice message or audio file, as Telegram reports it. */
  durationSeconds?: number;
  /** The user's caption, trimmed; empty when there is none. */
  caption: string;
  /** The name the file had on the user's device (documents, audio files, videos), kept for history. */
  originalName?: string;
};

// Telegram names Opus recordings .oga/.opus. OpenAI takes .oga but not .opus, other OpenAI-compatible
// transcribers (Groq) .opus but not .oga; both take the same bytes as .ogg.
const endpointName = (name: string) => name.replace(/\.(oga|opus)$/i, ".ogg");

/**
 * The largest size of a photo a bot may download: Telegram sends each photo in several sizes (a
 * PhotoSize array); one past the 20 MB limit is passed over for the next, and when all are past it
 * the largest goes on to be refused with its size.
 */
function largestPhoto(sizes: PhotoSize[]): PhotoSize {
  const byArea = [...sizes].sort((a, b) => b.width * b.height - a.width * a.height);
  return byArea.find((p) => (p.file_size ?? 0) <= TELEGRAM_DOWNLOAD_LIMIT) ?? byArea[0];
}

/** The file of a photo (its largest size), voice, audio, video, video note or document message; null for anything else. */
export function incomingFileOf(message: Message): IncomingFile | null {
  const caption = message.caption?.trim() ?? "";
  if (message.photo?.length) {
    const largest = largestPhoto(message.photo);
    return {
      fileId: largest.file_id,
      size: largest.file_size,
      filename: "photo.jpg",
      contentType: "image/jpeg",
      caption,
    };
  }
  if (message.voice) {
    const v = message.voice;
    return {
      fileId: v.file_id,
      size: v.file_size,
      filename: "voice.ogg",
      contentType: v.mime_type ?? "audio/ogg",
      durationSeconds: v.duration,
      caption,
    };
  }
  if (message.audio) {
    const a = message.audio;
    return {
      fileId: a.file_id,
      size: a.file_size,
      filename: endpointName(a.file_name ?? "audio.mp3"),
      contentType: a.mime_type ?? "audio/mpeg",
      durationSeconds: a.duration,
      caption,
      originalName: a.file_name,
    };
  }
  // Videos count for their sound: transcribers take MP4, and noise removal keeps only the audio.
  if (message.video) {
    const v = message.video;
    return {
      fileId: v.file_id,
      size: v.file_size,
      filename: v.file_name ?? "video.mp4",
      contentType: v.mime_type ?? "video/mp4",
      durationSeconds: v.duration,
      caption,
      originalName: v.file_name,
    };
  }
  if (message.video_note) {
    const v = message.video_note;
    return {
      fileId: v.file_id,
      size: v.file_size,
      filename: "video-note.mp4",
      contentType: "video/mp4",
      durationSeconds: v.duration,
      caption,
    };
  }
  if (message.document) {
    const d = message.document;
    return {
      fileId: d.file_id,
      size: d.file_size,
      filename: endpointName(d.file_name ?? "document"),
      contentType: d.mime_type ?? "application/octet-stream",
      caption,
      originalName: d.file_name,
    };
  }
  return null;
}

export const isImageFile = (file: IncomingFile) => file.contentType.startsWith("image/");
// The pictures chat models take as an image part (PNG, JPEG, WebP, non-animated GIF).
const SEEN_IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
/** A picture a model that sees can be shown as it is. */
export const isSeenImage = (file: IncomingFile) => SEEN_IMAGE_TYPES.has(file.contentType.split(";")[0].trim());
/** Audio, or a video whose sound the audio actions use. */
export const hasSound = (file: IncomingFile) =>
  file.contentType.startsWith("audio/") || file.contentType.startsWith("video/");

/** Text sent as is (a transcript is not Markdown), split under Telegram's limit, the cost line (if any) last. */
export async function replyPlain({
  ctx,
  text,
  footer,
}: {
  ctx: Context;
  text: string;
  footer?: string;
}): Promise<void> {
  for (const part of splitForTelegram(footer ? `${text}\n\n${footer}` : text)) await ctx.reply(part);
}
