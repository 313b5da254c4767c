import type { PickerType } from "@/lib/shared/model-actions";
import type { QuotaKey } from "@/lib/shared/quota-kinds";

/** The quota a Home picker's launches spend, so a used-up one can be told before launching. */
export const ACTION_QUOTA: Record<PickerType, QuotaKey> = {
  text: "text_tokens",
  files: "file_tokens",
  text_to_image: "image_tokens",
  generate_image: "image_tokens",
  speech_to_text: "audio_tokens",
  noise_removal: "audio_tokens",
  dubbing: "audio_tokens",
};
