import "server-only";
import type { Db } from "@/db";
import { alertSettings } from "@/db/schema";
import { audited, type Operator } from "@/lib/server/admin/audit";
import { ALERT_DEFAULTS, ALERT_KINDS, type AlertKind } from "@/lib/shared/alerts";
import { ApiError } from "@/lib/server/http/api-error";

// The owners' settings of the bot's alerts (docs/product/console.md "Alerts"): a kind without a row
// has its default (lib/shared/alerts.ts), so a fresh install alerts with no setup.

export type AlertSetting = { kind: AlertKind; enabled: boolean; threshold: number | null };

/** Every kind's setting, in ALERT_KINDS order. */
export async function readAlertSettings(db: Pick<Db, "select">): Promise<AlertSetting[]> {
  const rows = new Map((await db.select().from(alertSettings)).map((r) => [r.kind, r]));
  return ALERT_KINDS.map((kind) => {
    const row = rows.get(kind);
    // A kind that counts nothing keeps a null threshold whatever was stored.
    const threshold =
      ALERT_DEFAULTS[kind].threshold === null ? null : (row?.threshold ?? ALERT_DEFAULTS[kind].threshold);
    return { kind, enabled: row?.enabled ?? ALERT_DEFAULTS[kind].enabled, threshold };
  });
}

export async function alertSetting(db: Pick<Db, "select">, kind: AlertKind): Promise<AlertSetting> {
  return (await readAlertSettings(db)).find((s) => s.kind === kind)!;
}

/**
 * Saves the kinds given (audited: the whole settings before and after). A threshold given to a kind
 * that counts nothing, or missing for one that does, is refused (400) and nothing is saved.
 */
export function putAlertSettings({ db, operator }: { db: Db; operator: Operator }, items: AlertSetting[]) {
  for (const item of items) {
    const counts = ALERT_DEFAULTS[item.kind].threshold !== null;
    if (counts !== (item.threshold !== null))
      throw new ApiError("bad_request", `${item.kind}: threshold must be ${counts ? "a number" : "null"}`, {
        threshold: [counts ? "required for this kind" : "this kind has no threshold"],
      });
  }
  return audited({ db, operator }, async (tx) => {
    const before = await readAlertSettings(tx);
    for (const { kind, enabled, threshold } of items)
      await tx
        .insert(alertSettings)
        .values({ kind, enabled, threshold })
        .onConflictDoUpdate({ target: alertSettings.kind, set: { enabled, threshold, updatedAt: new Date() } });
    const after = await readAlertSettings(tx);
    return { result: { items: after }, audit: { action: "alerts.put", target: "alerts", before, after } };
  });
}
