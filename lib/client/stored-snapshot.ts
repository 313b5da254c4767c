// Reading the account snapshot this device keeps (account-snapshot.ts). The shell reads it through
// account-snapshot.ts; the page's inline launch script (launch-splash.ts) runs before any bundle loads
// and is sent this function as its source text, so it uses nothing but its arguments.

export type AccountSnapshot = {
  /** The tariff's name; null for the free one (GET /api/user/user-tariff's user_tariff). */
  tariff?: string | null;
  /** Text tokens left (GET /api/user/statistic's remaining_quotas.text_tokens). */
  textTokens?: number;
};

/**
 * The snapshot stored as `raw` when it is `userId`'s, with only its fields of the right types ({} when
 * there is none, it cannot be read or it is another user's): storage is written by older versions and by hand.
 */
export function storedSnapshotOf(raw: string | null, userId: number | undefined): AccountSnapshot {
  try {
    const value = JSON.parse(raw ?? "null") as Partial<Record<"userId" | keyof AccountSnapshot, unknown>> | null;
    if (userId === undefined || typeof value?.userId !== "number" || value.userId !== userId) return {};
    const snapshot: AccountSnapshot = {};
    if (typeof value.tariff === "string" || value.tariff === null) snapshot.tariff = value.tariff;
    if (typeof value.textTokens === "number" && Number.isFinite(value.textTokens))
      snapshot.textTokens = value.textTokens;
    return snapshot;
  } catch {
    return {};
  }
}
