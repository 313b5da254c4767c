import { z } from "zod";
import { VIDEO_ACTIONS } from "@/lib/shared/model-actions";

// GET /api/video/model-capabilities: one entry per model family (lib/shared/video/capabilities.ts).
const videoFormatSchema = z.object({
  key: z.string(),
  name: z.string(),
  width: z.number(),
  height: z.number(),
  aspect_ratio: z.string(),
});
const videoCapabilitySchema = z.object({
  model_name_pattern: z.string(),
  supports_text_to_video: z.boolean(),
  supports_image_to_video: z.boolean(),
  supports_video_to_video: z.boolean(),
  supported_formats: z.array(videoFormatSchema),
});
export const videoCapabilitiesResponseSchema = z.object({ data: z.array(videoCapabilitySchema) });

// GET /api/video/check-model-cost/{modelName}
export const videoCostParamsSchema = z.object({ modelName: z.string().trim().min(1).max(100) });
export const videoCostResponseSchema = z.object({
  can_afford: z.boolean(),
  user_video_balance: z.number(),
  estimated_cost: z.number(),
});
export type VideoCostResponse = z.infer<typeof videoCostResponseSchema>;

// Runway takes at most 1000 UTF-16 code units of prompt; the same bound holds for every provider.
export const VIDEO_PROMPT_MAX = 1000;
// Uploads are sent on to the provider inline, which takes at most 5 MB per file.
export const VIDEO_UPLOAD_LIMITS = { image: 5 * 1024 * 1024, video: 5 * 1024 * 1024 } as const;
export const VIDEO_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;
export const VIDEO_VIDEO_TYPES = ["video/mp4", "video/webm", "video/quicktime"] as const;

// POST /api/video/generate: the text fields of the multipart form.
export const videoGenerateFieldsSchema = z.object({
  prompt: z.string().trim().min(1, "A prompt is required").max(VIDEO_PROMPT_MAX),
  model_name: z.string().trim().min(1).max(100),
  action: z.enum(VIDEO_ACTIONS).meta({ description: "One the model supports (GET /api/video/model-capabilities)" }),
  format_key: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .meta({ description: "One of the model's supported_formats (GET /api/video/model-capabilities)" }),
  duration: z.coerce
    .number()
    .int()
    .positive()
    .max(60)
    .meta({ description: "Seconds: one of the durations the model makes" }),
});
export type VideoGenerateFields = z.infer<typeof videoGenerateFieldsSchema>;

/** A retry with the same key gets the first request's result instead of a second clip. */
export const IDEMPOTENCY_KEY_MAX = 200;
export const videoGenerateHeadersSchema = z.object({
  "Idempotency-Key": z.string().max(IDEMPOTENCY_KEY_MAX).optional().meta({
    description: "Sent again with a retry: answers the first request's clip (GET /api/video/jobs/{requestId})",
  }),
});

export const videoGenerateResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  video_url: z.string(),
  action: z.enum(VIDEO_ACTIONS),
  model_name: z.string(),
});
export type VideoResult = z.infer<typeof videoGenerateResponseSchema>;

// GET /api/video/jobs/{requestId}: the caller's job sent with this Idempotency-Key, as it stands now.
// A reloaded process screen asks this instead of sending the request again.
export const videoJobParamsSchema = z.object({ requestId: z.string().trim().min(1).max(IDEMPOTENCY_KEY_MAX) });
export const videoJobStatusResponseSchema = z.discriminatedUnion("status", [
  z.object({ status: z.literal("processing") }),
  z.object({ status: z.literal("succeeded"), result: videoGenerateResponseSchema }),
  z.object({ status: z.literal("failed"), message: z.string() }),
]);
export type VideoJobStatus = z.infer<typeof videoJobStatusResponseSchema>;

// POST /api/video/send-to-chat: the bot posts the caller's finished clip to their private chat with it.
// The job is named as GET /api/video/jobs/{requestId} names it: the Idempotency-Key it was sent with.
export const videoSendToChatBodySchema = z.object({
  request_id: z
    .string()
    .trim()
    .min(1)
    .max(IDEMPOTENCY_KEY_MAX)
    .meta({ description: "The Idempotency-Key the generation was sent with (GET /api/video/jobs/{requestId})" }),
});
export const videoSendToChatResponseSchema = z.object({
  sent: z.literal(true),
  already_sent: z.boolean().meta({
    description: "A repeat within a short window (a double tap): the clip was posted by the first, not again",
  }),
});
export type VideoSendToChatResponse = z.infer<typeof videoSendToChatResponseSchema>;
