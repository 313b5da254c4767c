import { QUOTA_KEYS, type QuotaRecord } from "./quota-kinds";

/**
 * Share of the limits used, averaged over the kinds whose limit is non-zero; each kind counts at
 * most its equal share (a kind topped up above its limit cannot push the total past 100 %).
 * "free" when every limit is zero. Above 50 % rounds up, otherwise down.
 */
export function usagePercentage({ remaining, limits }: { remaining: QuotaRecord; limits: QuotaRecord }): string {
  const keys = QUOTA_KEYS.filter((k) => limits[k] > 0);
  if (keys.length === 0) return "free";
  const share = keys.reduce((sum, k) => {
    const used = Math.min(1, Math.max(0, (limits[k] - remaining[k]) / limits[k]));
    return sum + used / keys.length;
  }, 0);
  const percent = share * 100;
  return `${percent > 50 ? Math.ceil(percent) : Math.floor(percent)}%`;
}
