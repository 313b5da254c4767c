import "server-only";
import { gt } from "drizzle-orm";
import type { Db } from "@/db";
import { channels } from "@/db/schema";
import { RECHECK_MS } from "@/lib/server/catalogue/cache";
import { now, nowMs } from "@/lib/server/clock";

// Which channels are cooling down, as this process knows it. The rows stay the shared truth (every
// instance counts failures in them); each process reads the cooling ones at most every RECHECK_MS
// instead of on every model call, and learns its own marks at once
// (docs/decisions/0402-channel-routes-cached.md).

type Health = {
  /** Channel id → the end of its cooldown (ms). */
  coolingUntil: Map<number, number>;
  checkedAt: number;
  checking?: Promise<void>;
  /** Marks made by this process since the read in flight began: a read that began before them must not undo them. */
  marks: Map<number, number | null>;
};
const states = new WeakMap<Db, Health>();

const stateOf = (db: Db): Health => {
  let state = states.get(db);
  if (!state) states.set(db, (state = { coolingUntil: new Map(), checkedAt: -Infinity, marks: new Map() }));
  return state;
};

async function reread(db: Db, state: Health): Promise<void> {
  state.marks.clear();
  const rows = await db
    .select({ id: channels.id, until: channels.cooldownUntil })
    .from(channels)
    .where(gt(channels.cooldownUntil, now()));
  const coolingUntil = new Map(rows.map((r) => [r.id, r.until!.getTime()]));
  for (const [id, until] of state.marks) {
    if (until === null) coolingUntil.delete(id);
    else coolingUntil.set(id, until);
  }
  state.coolingUntil = coolingUntil;
  state.checkedAt = nowMs();
}

/**
 * When the channel's cooldown ends (ms) if it is cooling down now, else null, from this process's
 * knowledge (at most RECHECK_MS old).
 */
export async function coolingChecker(db: Db): Promise<(channelId: number) => number | null> {
  const state = stateOf(db);
  if (nowMs() - state.checkedAt >= RECHECK_MS) {
    state.checking ??= reread(db, state).finally(() => (state.checking = undefined));
    await state.checking;
  }
  const at = nowMs();
  return (channelId) => {
    const until = state.coolingUntil.get(channelId);
    return until !== undefined && until > at ? until : null;
  };
}

/** This process marked the channel: cooling until `untilMs`, or (null) answering again. */
export function noteChannelHealth(db: Db, channelId: number, untilMs: number | null): void {
  const state = stateOf(db);
  if (untilMs === null) state.coolingUntil.delete(channelId);
  else state.coolingUntil.set(channelId, untilMs);
  if (state.checking) state.marks.set(channelId, untilMs);
}
