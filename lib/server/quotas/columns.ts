import "server-only";
import { quotas } from "@/db/schema";
import type { QuotaKey, QuotaRecord } from "@/lib/quota-kinds";

export const QUOTA_COLUMN = {
  text_tokens: quotas.textTokens,
  audio_tokens: quotas.audioTokens,
  image_tokens: quotas.imageTokens,
  file_tokens: quotas.fileTokens,
  video_tokens: quotas.videoTokens,
} as const satisfies Record<QuotaKey, unknown>;

export const QUOTA_FIELD = {
  text_tokens: "textTokens",
  audio_tokens: "audioTokens",
  image_tokens: "imageTokens",
  file_tokens: "fileTokens",
  video_tokens: "videoTokens",
} as const satisfies Record<QuotaKey, keyof typeof quotas.$inferInsert>;

/** A QuotaRecord as the quotas table's columns. */
export const quotaValues = (r: QuotaRecord) => ({
  textTokens: r.text_tokens,
  audioTokens: r.audio_tokens,
  imageTokens: r.image_tokens,
  fileTokens: r.file_tokens,
  videoTokens: r.video_tokens,
});
