// Model actions the inline pickers list (docs/product/screens.md "Home").
export const PICKER_TYPES = [
  "text",
  "files",
  "text_to_image",
  "generate_image",
  "speech_to_text",
  "noise_removal",
  "dubbing",
] as const;
export type PickerType = (typeof PICKER_TYPES)[number];

export const VIDEO_ACTIONS = ["text_to_video", "image_to_video", "video_to_video"] as const;
export type VideoActionName = (typeof VIDEO_ACTIONS)[number];

export const MODEL_ACTIONS = [...PICKER_TYPES, ...VIDEO_ACTIONS] as const;
export type ModelAction = (typeof MODEL_ACTIONS)[number];
