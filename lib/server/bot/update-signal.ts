import "server-only";
import { EventEmitter } from "node:events";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { log } from "@/lib/server/log";
import { processWide } from "@/lib/server/process-wide";

// How the bot-updates workers learn that an update was stored: on PostgreSQL through LISTEN/NOTIFY
// (every instance listens on one channel), on the embedded database (one process) by an in-process
// event. Polling stays only as a slow safety net (docs/decisions/0019-bot-updates-stored-then-worked.md).

export const UPDATES_CHANNEL = "bot_updates";

/** The postgres.js client under a drizzle handle; null on PGlite (it has no notify()). */
type PgNotifier = {
  listen: (channel: string, onNotify: (payload: string) => void) => Promise<{ unlisten: () => Promise<void> }>;
  notify: (channel: string, payload: string) => Promise<unknown>;
};
function pgNotifier(db: Db): PgNotifier | null {
  const client = (db as unknown as { $client?: Partial<PgNotifier> }).$client;
  return typeof client?.listen === "function" && typeof client.notify === "function" ? (client as PgNotifier) : null;
}

/**
 * Whether the database tells other instances by NOTIFY (PostgreSQL), so that a statement can send its
 * notification itself (the webhook's store does: one round trip instead of two); false on PGlite.
 */
export const notifiesBySql = (db: Db): boolean => pgNotifier(db) !== null;

// One emitter per database in the whole process: the webhook's copy of this module and the worker's must meet.
const localSignals = processWide("bot-update-signals", () => new WeakMap<Db, EventEmitter>());
function localSignal(db: Db): EventEmitter {
  let signal = localSignals.get(db);
  if (!signal) localSignals.set(db, (signal = new EventEmitter().setMaxListeners(0)));
  return signal;
}

/**
 * Calls `onWake` whenever any instance stores an update, except for notifications naming `worker`
 * (the worker the storing webhook already woke directly); answers the function that stops listening.
 */
export async function listenForUpdates(
  db: Db,
  { worker, onWake }: { worker: string; onWake: () => void },
): Promise<() => Promise<void>> {
  const notified = (payload: string) => {
    if (payload !== worker) onWake();
  };
  const pg = pgNotifier(db);
  if (pg) {
    const { unlisten } = await pg.listen(UPDATES_CHANNEL, notified);
    return unlisten;
  }
  const signal = localSignal(db);
  signal.on("stored", notified);
  return async () => {
    signal.off("stored", notified);
  };
}

/**
 * Per database: whether a NOTIFY is on its way, and the payload of the one owed after it (null: none;
 * a worker's id: every listener but that worker; "": every listener).
 */
const notifying = perDatabase(() => ({ inFlight: false, next: null as string | null }));

/**
 * Tells the other instances that an update was stored; a lost notification is caught by their safety
 * poll. `woken`: the worker of this instance that the store woke directly, which need not claim again
 * for its own notification. Stores that come in while a NOTIFY is on its way share the next one: a
 * burst of updates costs a few notifications, not one query each (a woken worker claims everything
 * pending anyway).
 */
export function announceUpdate(db: Db, { woken = "" }: { woken?: string } = {}): void {
  const pg = pgNotifier(db);
  if (!pg) {
    localSignal(db).emit("stored", woken);
    return;
  }
  const state = notifying(db);
  if (state.inFlight) {
    // Stores for different workers share one notification that wakes everyone.
    state.next = state.next === null || state.next === woken ? woken : "";
    return;
  }
  state.inFlight = true;
  pg.notify(UPDATES_CHANNEL, woken)
    .catch((error) => log().warn(`[bot] NOTIFY ${UPDATES_CHANNEL} failed: ${(error as Error).message}`))
    .finally(() => {
      state.inFlight = false;
      const next = state.next;
      state.next = null;
      if (next !== null) announceUpdate(db, { woken: next });
    });
}
