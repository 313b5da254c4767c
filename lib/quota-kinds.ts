// The five quota kinds as the API names them (SPEC.md "User quota info").
export const QUOTA_KEYS = ["text_tokens", "audio_tokens", "image_tokens", "file_tokens", "video_tokens"] as const;
export type QuotaKey = (typeof QUOTA_KEYS)[number];
export type QuotaRecord = Record<QuotaKey, number>;
