import { z } from "zod";
import { VIDEO_ACTIONS, type VideoActionName } from "@/lib/model-actions";
import type { VideoCapability } from "@/lib/video/capabilities";

// GET /api/video/model-capabilities
export type VideoCapabilitiesResponse = { data: VideoCapability[] };

// GET /api/video/check-model-cost/{modelName}
export const videoCostParamsSchema = z.object({ modelName: z.string().trim().min(1).max(100) });
export type VideoCostResponse = { can_afford: boolean; user_video_balance: number; estimated_cost: number };

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
  action: z.enum(VIDEO_ACTIONS),
  format_key: z.string().trim().min(1).max(50),
  duration: z.coerce.number().int().positive().max(60),
});
export type VideoGenerateFields = z.infer<typeof videoGenerateFieldsSchema>;

export type VideoResult = { success: true; message: string; video_url: string; action: VideoActionName; model_name: string };
