import "server-only";
import { inArray, lte } from "drizzle-orm";
import type { Messages } from "next-intl";
import type { Db } from "@/db";
import { rateLimits, users } from "@/db/schema";
import { ownerIds } from "@/lib/server/admin/operators";
import { queueBotMessage } from "@/lib/server/bot/outbox";
import { now } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { countInWindow } from "@/lib/server/rate-limit";
import { translatorFor } from "@/lib/server/translator";
import type { AlertKind } from "@/lib/shared/alerts";
import { alertSetting } from "./settings";

// The operators' alerts through the bot (docs/decisions/0503-operator-alerts.md): each one is queued
// to every owner's private chat through the bot outbox (lib/server/bot/outbox.ts), in the owner's app
// language (Russian when they are no user of the app). An alert key (e.g. channel_down:3) is sent at
// most once per DEDUPE_SECONDS, and all alerts together at most ALERTS_PER_HOUR an hour, so a bad day
// does not flood the owners' chats.

const DEDUPE_SECONDS = 3600;
export const ALERTS_PER_HOUR = 30;
/** What the counted kinds (refund_failed, provider_failing, payment_errors) count their threshold within. */
export const ALERT_WINDOW_SECONDS = 600;

type AlertTextKey = keyof Messages["OperatorAlerts"];
export type AlertText = { key: AlertTextKey; values: Record<string, string | number> };
/** An alert of `kind` under its dedupe `key`, with its text (or how to write it). */
type Alert<Text> = { db: Db; kind: AlertKind; key: string; text: Text };

/**
 * Claims `key` for this DEDUPE_SECONDS: a single upsert that takes the row only when it is new or
 * older than the window, so instances raising the same alert at once send it once.
 */
async function claimAlertKey(db: Pick<Db, "insert">, key: string): Promise<boolean> {
  const at = now();
  const rows = await db
    .insert(rateLimits)
    .values({ bucket: "alert", key: key.slice(0, 200), windowStart: at, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: { windowStart: at, hits: 1 },
      setWhere: lte(rateLimits.windowStart, new Date(at.getTime() - DEDUPE_SECONDS * 1000)),
    })
    .returning({ hits: rateLimits.hits });
  return rows.length > 0;
}

/**
 * Queues an alert of `kind` to every owner, unless the kind is off, `key` was alerted within
 * DEDUPE_SECONDS or the hour's ALERTS_PER_HOUR are spent. Pass a transaction to queue it with the
 * change it tells of. Answers whether it was queued.
 */
export async function alertOperators({ db, kind, key, text }: Alert<AlertText>): Promise<boolean> {
  if (!(await alertSetting(db, kind)).enabled) return false;
  if (!(await claimAlertKey(db, key))) return false;
  const { hits } = await countInWindow({ db, bucket: "alerts", key: "all", windowSeconds: 3600 });
  if (hits > ALERTS_PER_HOUR) {
    log().warn(`[alerts] ${key} not sent: ${ALERTS_PER_HOUR} alerts already sent this hour`);
    return false;
  }
  const owners = await ownerIds(db);
  const languages = new Map(
    owners.length
      ? (
          await db
            .select({ telegramId: users.telegramId, language: users.language })
            .from(users)
            .where(inArray(users.telegramId, owners))
        ).map((u) => [u.telegramId, u.language])
      : [],
  );
  for (const chatId of owners) {
    const t = translatorFor(languages.get(chatId) ?? "ru", "OperatorAlerts");
    await queueBotMessage({ db, userId: null, chatId, text: t(text.key, text.values) });
  }
  return true;
}

/**
 * One more event of a counted kind (under `key`): once ALERT_WINDOW_SECONDS hold the kind's threshold
 * of them, the owners are alerted (then at most once per DEDUPE_SECONDS). Never throws: an alert that
 * cannot be sent is logged, and the failure it tells of goes on as it would have.
 */
export async function countTowardsAlert({ db, kind, key, text }: Alert<(count: number) => AlertText>): Promise<void> {
  try {
    const setting = await alertSetting(db, kind);
    if (!setting.enabled) return;
    const { hits } = await countInWindow({ db, bucket: "alert-count", key, windowSeconds: ALERT_WINDOW_SECONDS });
    if (hits >= (setting.threshold ?? 1)) await alertOperators({ db, kind, key, text: text(hits) });
  } catch (error) {
    log().error({ err: error }, `[alerts] ${key} not counted`);
  }
}
