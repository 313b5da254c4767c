import "server-only";
import { gt, or } from "drizzle-orm";
import type { Db } from "@/db";
import { channels } from "@/db/schema";
import { RECHECK_MS } from "@/lib/server/catalogue/cache";
import { now, nowMs } from "@/lib/server/clock";

// Which channels are cooling down or failing, as this process knows it. The rows stay the shared truth
// (every instance counts failures in them); each process reads the cooling and failing ones at most
// every RECHECK_MS instead of on every model call, and learns its own marks at once
// (docs/decisions/0402-channel-routes-cached.md, 0514-clean-channel-answers-write-nothing.md).

/** What this process knows of a channel it marked: cooling until (ms) or not, and whether its run of failures is open. */
type Mark = { coolingUntil: number | null; failing: boolean };

type Health = {
  /** Channel id → the end of its cooldown (ms). */
  coolingUntil: Map<number, number>;
  /** Channels with a run of failures not yet ended by an answer (cooling ones included). */
  failing: Set<number>;
  checkedAt: number;
  checking?: Promise<void>;
  /** Marks made by this process since the read in flight began: a read that began before them must not undo them. */
  marks: Map<number, Mark>;
};
const states = new WeakMap<Db, Health>();

const stateOf = (db: Db): Health => {
  let state = states.get(db);
  if (!state)
    states.set(db, (state = { coolingUntil: new Map(), failing: new Set(), checkedAt: -Infinity, marks: new Map() }));
  return state;
};

function apply(state: Pick<Health, "coolingUntil" | "failing">, channelId: number, mark: Mark): void {
  if (mark.coolingUntil === null) state.coolingUntil.delete(channelId);
  else state.coolingUntil.set(channelId, mark.coolingUntil);
  if (mark.failing) state.failing.add(channelId);
  else state.failing.delete(channelId);
}

async function reread(db: Db, state: Health): Promise<void> {
  state.marks.clear();
  const at = now();
  const rows = await db
    .select({ id: channels.id, until: channels.cooldownUntil })
    .from(channels)
    .where(or(gt(channels.cooldownUntil, at), gt(channels.consecutiveFailures, 0)));
  const read = {
    coolingUntil: new Map(rows.flatMap((r) => (r.until && r.until > at ? [[r.id, r.until.getTime()] as const] : []))),
    failing: new Set(rows.map((r) => r.id)),
  };
  for (const [id, mark] of state.marks) apply(read, id, mark);
  state.coolingUntil = read.coolingUntil;
  state.failing = read.failing;
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

/**
 * Whether the channel had no run of failures and no cooldown when this process last looked (at most
 * RECHECK_MS ago, as read for the call that just answered) and has marked none since: its answer then
 * has nothing to end.
 */
export function knownClean(db: Db, channelId: number): boolean {
  const state = stateOf(db);
  return state.checkedAt > -Infinity && !state.failing.has(channelId);
}

/** This process marked the channel: failed (cooling until `coolingUntil`, or not yet) or answering again. */
export function noteChannelHealth(db: Db, channelId: number, mark: Mark): void {
  const state = stateOf(db);
  apply(state, channelId, mark);
  if (state.checking) state.marks.set(channelId, mark);
}
