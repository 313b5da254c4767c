import type { UserStatisticResponse } from "@/lib/contracts/user";
import type { QuotaKey } from "@/lib/quota-kinds";

// The limits page (SPEC.md "Limits page"): one dial per kind of remaining versus total. The dial runs
// 0..max where max is the larger of remaining and limit; the file dial takes the video total as its
// limit, as SPEC.md says.
export const LIMIT_DIAL_KINDS = ["text", "audio", "image", "video", "file"] as const;
export type LimitDialKind = (typeof LIMIT_DIAL_KINDS)[number];

const KEY_OF: Record<LimitDialKind, QuotaKey> = {
  text: "text_tokens",
  audio: "audio_tokens",
  image: "image_tokens",
  video: "video_tokens",
  file: "file_tokens",
};

// `packages` marks a balance above the tariff's own limit: packages bought on top of it.
export type LimitDial = { kind: LimitDialKind; remaining: number; max: number; limit: number; packages: boolean };

export function limitDials({ remaining_quotas, tariff_limits }: UserStatisticResponse): LimitDial[] {
  return LIMIT_DIAL_KINDS.map((kind) => {
    const remaining = remaining_quotas[KEY_OF[kind]];
    const total = kind === "file" ? tariff_limits.video_tokens : tariff_limits[KEY_OF[kind]];
    // The file dial's total is borrowed from video, so it cannot tell what came from packages.
    return { kind, remaining, max: Math.max(remaining, total), limit: total, packages: kind !== "file" && remaining > total };
  });
}
