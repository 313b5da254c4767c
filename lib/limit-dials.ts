import type { UserStatisticResponse } from "@/lib/contracts/user";
import { perKind, QUOTA_KINDS, type QuotaKind } from "@/lib/quota-kinds";

// The limits page (docs/product/screens.md): one dial per kind of remaining versus total. The dial runs
// 0..max where max is the larger of remaining and limit; the file dial takes the video total as its
// limit, as the original app does (docs/decisions/0030-limits-file-dial-kept.md).
const KEY_OF = perKind("kind", (r) => r.apiKey);

/** Each dial's colour. */
export const DIAL_COLORS = perKind("kind", (r) => r.dialColor);

// `packages` marks a balance above the tariff's own limit: packages bought on top of it.
export type LimitDial = { kind: QuotaKind; remaining: number; max: number; limit: number; packages: boolean };

export function limitDials({ remaining_quotas, tariff_limits }: UserStatisticResponse): LimitDial[] {
  return QUOTA_KINDS.map((kind) => {
    const remaining = remaining_quotas[KEY_OF[kind]];
    const total = kind === "file" ? tariff_limits.video_tokens : tariff_limits[KEY_OF[kind]];
    // The file dial's total is borrowed from video, so it cannot tell what came from packages.
    return { kind, remaining, max: Math.max(remaining, total), limit: total, packages: kind !== "file" && remaining > total };
  });
}
