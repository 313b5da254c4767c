import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { quotas, users } from "@/db/schema";
import { perKind, type QuotaKey } from "@/lib/shared/quota-kinds";
import { routes } from "@/lib/routes";
import { botText } from "@/lib/server/bot/bot-text";
import { queueBotMessage } from "@/lib/server/bot/outbox";
import { publicUrl } from "@/lib/server/http/public-url";

// Balance alerts (docs/product/billing.md): when the allowance of a kind first drops below 50 %,
// 25 % and 10 % of the tariff's in a 30-day step, the bot says so once per threshold. quotas.alerts_sent
// keeps the lowest threshold sent per kind; refills, a new tariff and `reset` clear it.

/** Percent thresholds, lowest first. */
const THRESHOLDS = [10, 25, 50] as const;

const KIND_NAME_KEY = perKind("apiKey", (r) => `lowBalance_${r.kind}` as const);

/**
 * After a spend left `allowanceLeft` of `kind` out of the tariff's `limit` (the spend statement
 * answers both, with the thresholds already sent): claims the lowest threshold crossed (once) and
 * queues the message. A threshold the row says was sent costs no query.
 */
export async function alertLowBalance({
  db,
  userId,
  kind,
  allowanceLeft,
  limit,
  alertsSent,
}: {
  db: Db;
  userId: number;
  kind: QuotaKey;
  allowanceLeft: number;
  limit: number;
  alertsSent: Partial<Record<QuotaKey, number>>;
}): Promise<void> {
  const threshold = THRESHOLDS.find((percent) => allowanceLeft * 100 < limit * percent);
  if (limit <= 0 || threshold === undefined || (alertsSent[kind] ?? 101) <= threshold) return;
  await db.transaction(async (tx) => {
    const claimed = await tx
      .update(quotas)
      .set({
        alertsSent: sql`jsonb_set(${quotas.alertsSent}, ${`{${kind}}`}::text[], to_jsonb(${threshold}::integer))`,
      })
      .where(
        and(eq(quotas.userId, userId), sql`coalesce((${quotas.alertsSent} ->> ${kind})::integer, 101) > ${threshold}`),
      )
      .returning({ userId: quotas.userId, stepEndsAt: quotas.stepEndsAt });
    if (!claimed.length) return;
    // Free is not refilled by time (no step end): its allowance is not "this month's".
    const [user] = await tx
      .select({ chatId: users.telegramId, language: users.language, allowsWrite: users.allowsWriteToPm })
      .from(users)
      .where(eq(users.id, userId));
    // A user who did not allow the bot to write is not written to (the threshold still counts as told).
    if (!user?.allowsWrite) return;
    const base = publicUrl();
    const text = botText(user.language)(claimed[0].stepEndsAt === null ? "lowBalanceFree" : "lowBalance", {
      percent: String(threshold),
      kind: botText(user.language)(KIND_NAME_KEY[kind]),
      left: String(allowanceLeft),
      limit: String(limit),
      tariffs: `${base}/#${routes.tariff()}`,
      packs: `${base}/#${routes.packStore()}`,
    });
    await queueBotMessage({ db: tx, userId, chatId: user.chatId, text });
  });
}
