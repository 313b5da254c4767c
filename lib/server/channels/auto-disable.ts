import "server-only";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { channelModels, channels, rateLimits } from "@/db/schema";
import { env } from "@/lib/env";
import { catalogueChange } from "@/lib/server/admin/catalogue/change";
import type { Operator } from "@/lib/server/admin/audit";
import { alertOperators } from "@/lib/server/alerts/send";
import { now } from "@/lib/server/clock";
import type { Job } from "@/lib/server/jobs/scheduler";
import { log } from "@/lib/server/log";
import { rowsOf } from "@/lib/server/quotas/ledger";
import { countInWindow } from "@/lib/server/rate-limit";
import { channelOrThrow } from "./admin";
import { channelAnswersProbe } from "./test";

// A channel that keeps failing is disabled by the app and enabled again by a probe
// (docs/decisions/0502-channels-disabled-and-probed.md): CHANNEL_DISABLE_FAILURES failed calls within
// one window of CHANNEL_DISABLE_WINDOW_SECONDS disable it (enabled = false, auto_disabled_at set);
// the channel-probe job tests such channels every CHANNEL_PROBE_SECONDS with the console's channel
// test and enables the one that answers. Each change is a catalogue change (every instance reloads
// its routes), with its audit row and the owners' bot notice queued in the same transaction.

/** The audit rows' operator of the app's own changes: no Telegram account has id 0. */
const APP_OPERATOR: Operator = { telegramId: 0 };

const FAILURES_BUCKET = "channel-failures";
const failuresKey = (channelId: number) => `channel:${channelId}`;

/** The models this channel served that no enabled channel serves any more. */
async function modelsLeftWithout(tx: Db, channelId: number): Promise<string[]> {
  const rows = await tx.execute(sql`
    select cm.model_name from ${channelModels} cm
    where cm.channel_id = ${channelId} and not exists (
      select 1 from ${channelModels} other join ${channels} c on c.id = other.channel_id
      where other.model_name = cm.model_name and c.enabled)
    order by cm.model_name`);
  return rowsOf(rows).map((r) => String(r.model_name));
}

/** Disables the channel if it is still enabled (one instance wins the conditional update). */
async function disableChannel(db: Db, channelId: number, failures: number): Promise<void> {
  await catalogueChange({ db, operator: APP_OPERATOR }, async (tx) => {
    const before = await channelOrThrow(tx, channelId);
    const [row] = await tx
      .update(channels)
      .set({ enabled: false, autoDisabledAt: now(), updatedAt: now() })
      .where(and(eq(channels.id, channelId), eq(channels.enabled, true)))
      .returning({ name: channels.name });
    if (!row) return { result: null, audit: null };
    const after = await channelOrThrow(tx, channelId);
    const minutes = Math.round(env.CHANNEL_DISABLE_WINDOW_SECONDS / 60);
    await alertOperators({
      db: tx,
      kind: "channel_down",
      key: `channel_down:${channelId}`,
      text: { key: "channelDisabled", values: { name: row.name, failures, minutes } },
    });
    for (const model of await modelsLeftWithout(tx, channelId))
      await alertOperators({
        db: tx,
        kind: "model_down",
        key: `model_down:${model}`,
        text: { key: "modelDown", values: { model } },
      });
    return { result: null, audit: { action: "channel.auto_disable", target: `channel:${channelId}`, before, after } };
  });
}

/**
 * A call through the channel failed (route.ts): counted in its window, the one reaching
 * CHANNEL_DISABLE_FAILURES disables it. Never throws: the user's call goes on to the next channel.
 */
export async function countChannelFailure(db: Db, channelId: number): Promise<void> {
  if (env.CHANNEL_DISABLE_FAILURES === 0) return;
  try {
    const { hits } = await countInWindow({
      db,
      bucket: FAILURES_BUCKET,
      key: failuresKey(channelId),
      windowSeconds: env.CHANNEL_DISABLE_WINDOW_SECONDS,
    });
    if (hits >= env.CHANNEL_DISABLE_FAILURES) await disableChannel(db, channelId, hits);
  } catch (error) {
    log().error({ err: error }, `[channels] failure of channel ${channelId} not counted`);
  }
}

/** Enables the channel if the app disabled it and no one changed that meanwhile. */
async function enableChannel(db: Db, channelId: number): Promise<boolean> {
  return catalogueChange({ db, operator: APP_OPERATOR }, async (tx) => {
    const before = await channelOrThrow(tx, channelId);
    const [row] = await tx
      .update(channels)
      .set({ enabled: true, autoDisabledAt: null, consecutiveFailures: 0, cooldownUntil: null, updatedAt: now() })
      .where(and(eq(channels.id, channelId), eq(channels.enabled, false), isNotNull(channels.autoDisabledAt)))
      .returning({ name: channels.name });
    if (!row) return { result: false, audit: null };
    // The failures that disabled it are forgotten: its next failure starts a new count.
    await tx
      .delete(rateLimits)
      .where(and(eq(rateLimits.bucket, FAILURES_BUCKET), eq(rateLimits.key, failuresKey(channelId))));
    const after = await channelOrThrow(tx, channelId);
    await alertOperators({
      db: tx,
      kind: "channel_down",
      key: `channel_up:${channelId}`,
      text: { key: "channelEnabled", values: { name: row.name } },
    });
    return { result: true, audit: { action: "channel.auto_enable", target: `channel:${channelId}`, before, after } };
  });
}

/** One run of the probe job: tests every channel the app disabled, enabling those that answer. */
export async function probeDisabledChannels(db: Db): Promise<{ probed: number; enabled: number }> {
  const disabled = await db
    .select({ id: channels.id })
    .from(channels)
    .where(and(eq(channels.enabled, false), isNotNull(channels.autoDisabledAt)));
  let enabled = 0;
  for (const { id } of disabled)
    try {
      if ((await channelAnswersProbe(db, id)) && (await enableChannel(db, id))) enabled++;
    } catch (error) {
      // One channel's probe (deleted meanwhile, say) does not keep the others from theirs.
      log().error({ err: error }, `[channels] probe of channel ${id} failed`);
    }
  return { probed: disabled.length, enabled };
}

export const channelProbeJob: Job = {
  name: "channel-probe",
  intervalMs: env.CHANNEL_PROBE_SECONDS * 1000,
  run: probeDisabledChannels,
};
