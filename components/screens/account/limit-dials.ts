import type { UserStatisticResponse } from "@/lib/contracts/user";
import { perKind, QUOTA_KINDS, type QuotaKind } from "@/lib/shared/quota-kinds";

// The limits page (docs/product/screens.md): one dial per kind of remaining versus total. The dial runs
// 0..max where max is the larger of remaining and limit; every dial takes its own kind's total
// (docs/decisions/0360-limits-dial-own-total.md).
const KEY_OF = perKind("kind", (r) => r.apiKey);

/** Each dial's colour. */
export const DIAL_COLORS = perKind("kind", (r) => r.dialColor);

// `allowance` is what is left of the tariff's allowance for this 30-day step, `packageUnits` the bought
// units kept beside it (docs/product/billing.md); the dial shows the allowance against the tariff's.
export type LimitDial = { kind: QuotaKind; allowance: number; packageUnits: number; max: number; limit: number };

export function limitDials({ remaining_quotas, tariff_limits, package_quotas }: UserStatisticResponse): LimitDial[] {
  return QUOTA_KINDS.map((kind) => {
    const packageUnits = package_quotas[KEY_OF[kind]];
    const allowance = remaining_quotas[KEY_OF[kind]] - packageUnits;
    const limit = tariff_limits[KEY_OF[kind]];
    return { kind, allowance, packageUnits, max: Math.max(allowance, limit), limit };
  });
}
