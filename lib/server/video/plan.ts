import "server-only";
import { fileTypeFromBuffer } from "file-type";
import type { Db } from "@/db";
import { VIDEO_IMAGE_TYPES, VIDEO_VIDEO_TYPES, type VideoGenerateFields } from "@/lib/contracts/video";
import { supportsAction } from "@/lib/video/capabilities";
import { jobUnits } from "@/lib/pricing/job-price";
import { priceOf } from "@/lib/server/catalogue/access-rules";
import { durationOptions, videoFamily } from "@/lib/video/durations";
import { ApiError } from "@/lib/server/http/api-error";
import type { UploadedFile } from "@/lib/server/http/multipart";
import type { CurrentSubscription } from "@/lib/server/tariffs/current-tariff";
import { toVideoCapability } from "./capabilities";
import { getVideoModelOrThrow, type VideoModel } from "./model";
import type { VideoJobRequest } from "./providers/types";

export type VideoPlan = { video: VideoModel; request: VideoJobRequest; cost: number };

const INPUT_RULES = {
  image_to_video: { field: "image", types: VIDEO_IMAGE_TYPES, label: "a PNG, JPEG or WebP image" },
  video_to_video: { field: "video", types: VIDEO_VIDEO_TYPES, label: "an MP4, WebM or QuickTime video" },
} as const;

/** The file's real type, read from its bytes (a renamed script is not an image). */
async function checkInput(file: UploadedFile, rule: (typeof INPUT_RULES)[keyof typeof INPUT_RULES]) {
  const detected = await fileTypeFromBuffer(file.data);
  if (!detected || !(rule.types as readonly string[]).includes(detected.mime)) {
    throw new ApiError("unsupported_media_type", `The ${rule.field} must be ${rule.label}`);
  }
  return { data: file.data, contentType: detected.mime };
}

/**
 * Every check a generation passes before anything is spent: the model and the caller's access, the
 * action, the format, the duration, and the one input file the action needs, checked by content.
 */
export async function planGeneration({ db, subscription, fields, files }: { db: Db; subscription: CurrentSubscription | null; fields: VideoGenerateFields; files: Record<string, UploadedFile> }): Promise<VideoPlan> {
  const video = await getVideoModelOrThrow({ db, subscription, modelName: fields.model_name, action: fields.action });
  const { model, capability } = video;
  if (!supportsAction(toVideoCapability(capability), fields.action)) {
    throw new ApiError("bad_request", `${model.displayName} does not support ${fields.action}`, { action: ["Not supported by this model"] });
  }
  const format = capability.supportedFormats.find((f) => f.key === fields.format_key);
  if (!format) throw new ApiError("bad_request", `${model.displayName} has no format ${fields.format_key}`, { format_key: ["Unknown format"] });
  const durations = durationOptions(model.modelName, capability.durations);
  if (!durations.includes(fields.duration)) {
    throw new ApiError("bad_request", `${model.displayName} makes clips of ${durations.join(" or ")} seconds`, { duration: [`One of ${durations.join(", ")}`] });
  }

  const rule = fields.action === "text_to_video" ? undefined : INPUT_RULES[fields.action];
  const unexpected = Object.keys(files).filter((name) => name !== rule?.field);
  if (unexpected.length) throw new ApiError("bad_request", `${fields.action} takes no ${unexpected.join(", ")}`, Object.fromEntries(unexpected.map((n) => [n, ["Not expected"]])));
  let input: VideoJobRequest["input"];
  if (rule) {
    const file = files[rule.field];
    if (!file || file.data.length === 0) throw new ApiError("bad_request", `${fields.action} needs ${rule.label}`, { [rule.field]: ["Required"] });
    input = await checkInput(file, rule);
  }

  return {
    video,
    cost: jobUnits(priceOf(model, fields.action), fields.duration),
    request: { modelName: model.modelName, family: videoFamily(model.modelName), action: fields.action, prompt: fields.prompt, format, duration: fields.duration, input },
  };
}
