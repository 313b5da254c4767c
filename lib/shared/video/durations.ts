// Durations and cost by model family (docs/product/video.md).
export type VideoFamily = "veo" | "gen4_aleph" | "gen4_turbo" | "other";

export const DEFAULT_VIDEO_COST = 50;
const COST_PER_5S = 25;

export function videoFamily(modelName: string): VideoFamily {
  const name = modelName.toLowerCase();
  if (name.includes("veo")) return "veo";
  if (name.includes("aleph")) return "gen4_aleph";
  if (name.includes("gen4_turbo") || name.includes("turbo")) return "gen4_turbo";
  return "other";
}

const FAMILY_DURATIONS: Record<Exclude<VideoFamily, "other">, number[]> = {
  veo: [8],
  gen4_aleph: [8],
  gen4_turbo: [5, 10],
};

/** The durations a model offers, the default first: fixed by family, else the model's own list. */
export function durationOptions(modelName: string, modelDurations?: readonly number[]): number[] {
  const family = videoFamily(modelName);
  if (family !== "other") return FAMILY_DURATIONS[family];
  return modelDurations && modelDurations.length > 0 ? [...modelDurations] : [5];
}

export const defaultDuration = (modelName: string, modelDurations?: readonly number[]) =>
  durationOptions(modelName, modelDurations)[0];

/** duration / 5 × 25 video units (rounded up); 50 when the duration is unknown. */
export function videoCost(duration: number | undefined, costPer5s: number = COST_PER_5S): number {
  if (!duration || !Number.isFinite(duration) || duration <= 0) return DEFAULT_VIDEO_COST;
  return Math.ceil((duration / 5) * costPer5s);
}
