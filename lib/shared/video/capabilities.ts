import type { VideoActionName } from "@/lib/shared/model-actions";
import type { VideoFormat } from "./formats";

// Video capabilities, one entry per model family (docs/product/video.md).
export type VideoCapability = {
  model_name_pattern: string;
  supports_text_to_video: boolean;
  supports_image_to_video: boolean;
  supports_video_to_video: boolean;
  supported_formats: VideoFormat[];
};

/** A family's pattern covers every model whose name contains it (`veo` covers `veo-3`). */
export const patternMatches = (pattern: string, modelName: string) =>
  modelName.toLowerCase().includes(pattern.toLowerCase());

export const findCapability = (
  capabilities: readonly VideoCapability[],
  modelName: string,
): VideoCapability | undefined => capabilities.find((c) => patternMatches(c.model_name_pattern, modelName));

export const supportsAction = (capability: VideoCapability, action: VideoActionName): boolean =>
  ({
    text_to_video: capability.supports_text_to_video,
    image_to_video: capability.supports_image_to_video,
    video_to_video: capability.supports_video_to_video,
  })[action];
