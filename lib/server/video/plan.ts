import "server-only";
import type { Db } from "@/db";
import {
  VIDEO_IMAGE_TYPES,
  VIDEO_UPLOAD_LIMITS,
  VIDEO_VIDEO_TYPES,
  videoGenerateFieldsSchema,
  type VideoGenerateFields,
} from "@/lib/contracts/video";
import { supportsAction } from "@/lib/shared/video/capabilities";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { priceOf } from "@/lib/server/catalogue/access-rules";
import { durationOptions, videoFamily } from "@/lib/shared/video/durations";
import { ApiError } from "@/lib/server/http/api-error";
import type { MultipartContract, ReceivedForm } from "@/lib/server/http/multipart";
import type { CurrentSubscription } from "@/lib/server/tariffs/current-tariff";
import { toVideoCapability } from "./capabilities";
import { getVideoModelOrThrow, type VideoModel } from "./model";
import type { VideoJobRequest } from "./providers/types";

/** `inputName`: the uploaded file's own name, which history shows. */
export type VideoPlan = { video: VideoModel; request: VideoJobRequest; cost: number; inputName?: string };

const INPUT_RULES = {
  image_to_video: { field: "image", label: "a PNG, JPEG or WebP image" },
  video_to_video: { field: "video", label: "an MP4, WebM or QuickTime video" },
} as const;

/** POST /api/video/generate's form: the fields, and the one input file read by its content. */
export const videoGenerateForm = {
  fields: videoGenerateFieldsSchema,
  files: {
    image: {
      maxBytes: VIDEO_UPLOAD_LIMITS.image,
      types: VIDEO_IMAGE_TYPES,
      refusal: `The image must be ${INPUT_RULES.image_to_video.label}`,
    },
    video: {
      maxBytes: VIDEO_UPLOAD_LIMITS.video,
      types: VIDEO_VIDEO_TYPES,
      refusal: `The video must be ${INPUT_RULES.video_to_video.label}`,
    },
  },
} satisfies MultipartContract<VideoGenerateFields, "image" | "video">;

export type VideoGenerateForm = ReceivedForm<VideoGenerateFields, keyof typeof videoGenerateForm.files>;

/**
 * Every check a generation passes before anything is spent: the model and the caller's access, the
 * action, the format, the duration, and the one input file the action needs, checked by content.
 */
export async function planGeneration({
  db,
  subscription,
  form: { fields, files },
}: {
  db: Db;
  subscription: CurrentSubscription | null;
  form: VideoGenerateForm;
}): Promise<VideoPlan> {
  const video = await getVideoModelOrThrow({ db, subscription, modelName: fields.model_name, action: fields.action });
  const { model, capability } = video;
  if (!supportsAction(toVideoCapability(capability), fields.action)) {
    throw new ApiError("bad_request", `${model.displayName} does not support ${fields.action}`, {
      action: ["Not supported by this model"],
    });
  }
  const format = capability.supportedFormats.find((f) => f.key === fields.format_key);
  if (!format)
    throw new ApiError("bad_request", `${model.displayName} has no format ${fields.format_key}`, {
      format_key: ["Unknown format"],
    });
  const durations = durationOptions(model.modelName, capability.durations);
  if (!durations.includes(fields.duration)) {
    throw new ApiError("bad_request", `${model.displayName} makes clips of ${durations.join(" or ")} seconds`, {
      duration: [`One of ${durations.join(", ")}`],
    });
  }

  const rule = fields.action === "text_to_video" ? undefined : INPUT_RULES[fields.action];
  const unexpected = Object.keys(files).filter((name) => name !== rule?.field);
  if (unexpected.length)
    throw new ApiError(
      "bad_request",
      `${fields.action} takes no ${unexpected.join(", ")}`,
      Object.fromEntries(unexpected.map((n) => [n, ["Not expected"]])),
    );
  let input: VideoJobRequest["input"];
  if (rule) {
    const file = files[rule.field];
    if (!file)
      throw new ApiError("bad_request", `${fields.action} needs ${rule.label}`, { [rule.field]: ["Required"] });
    // The form's contract let only the listed types through, so the bytes were recognised.
    input = { data: file.data, contentType: file.mime! };
  }

  return {
    video,
    cost: jobUnits(priceOf(model, fields.action), fields.duration),
    inputName: rule ? files[rule.field]?.filename || undefined : undefined,
    request: {
      modelName: model.modelName,
      family: videoFamily(model.modelName),
      action: fields.action,
      prompt: fields.prompt,
      format,
      duration: fields.duration,
      input,
    },
  };
}
