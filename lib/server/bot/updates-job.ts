import "server-only";
import crypto from "node:crypto";
import { BotError } from "grammy";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { env } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { log } from "@/lib/server/log";
import { processWide } from "@/lib/server/process-wide";
import { createBot } from "./bot";
import { TurnHandedOver, deferredSettled, handOver, runUpdate, updateResumed, type UpdateRun } from "./hand-over";
import { endAbandonedTurns, handBackUpdate } from "./turn-reservations";
import { announceUpdate, listenForUpdates } from "./update-signal";
import {
  claimPasteTail,
  claimUpdates,
  joinPaste,
  releaseUpdate,
  renewLeases,
  settleUpdate,
  storeUpdate,
  type StoredUpdate,
} from "./updates";

// The bot-updates worker: it claims stored updates as soon as it is woken (by the webhook of its own
// instance, or through update-signal.ts by another one) and runs each claimed update on its own, up
// to BOT_WORKER_CONCURRENCY at once, one per chat (claimUpdates keeps a chat's order and serves the
// chats that waited longest first). A claim is a short lease the worker renews while it runs the
// update, whatever the model's timeout, so a dead instance's updates are taken by another within
// seconds (docs/decisions/0462-update-claims-are-renewed-leases.md); on shutdown a worker hands back
// what it cannot finish.

const MAX_ATTEMPTS = 5;
/** A claim's lease, renewed every RENEW_EVERY_MS while its worker lives: a dead worker's updates are taken after at most this long. */
export const LEASE_MS = 6_000;
const RENEW_EVERY_MS = 2_000;
// A settling statement that fails (the database restarting) is tried again after these waits; the
// rows' leases are renewed meanwhile, so no other instance takes (and answers) them again.
const SETTLE_BACKOFF_MS = [250, 500, 1_000, 2_000, 4_000, 8_000];
// Only a safety net: a missed notification, or a crashed instance's expired claim.
const SAFETY_POLL_MS = 5_000;
// After the shutdown deadline, turns handed over get this long to wind down; then the worker ends
// their rows and releases their updates itself (hand-over.ts). A turn already sending its answer
// gets a little longer: handed over, it would be answered twice.
const HAND_OVER_GRACE_MS = 2_000;
const FINISHING_GRACE_MS = 500;
const botFor = perDatabase((db) => createBot({ db }));

/** The timers a worker arms to wake itself later (a paste's join window): tests pass a fake one. */
export type WakeTimers = {
  setTimeout: (wake: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};
const realTimers: WakeTimers = {
  setTimeout: (wake, ms) => setTimeout(wake, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

type UpdateWorker = ReturnType<typeof createUpdateWorker>;
// The webhook (a route handler, bundled apart from the jobs) wakes the worker the jobs started: process-wide.
const ownWorkers = processWide("own-update-workers", () => new WeakMap<Db, UpdateWorker>());

/** Runs `statement` again after each of `backoffMs` while it fails; the last failure is thrown. */
async function retrying<T>(statement: () => Promise<T>, backoffMs: number[], what: string): Promise<T> {
  for (const wait of backoffMs) {
    try {
      return await statement();
    } catch (error) {
      log().warn({ err: error }, `[bot] ${what} failed; trying again in ${wait} ms`);
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return statement();
}

type Lease = {
  lockMs: number;
  /** Rows this update's attempt took: their leases are renewed until it is settled. */
  hold: (rows: StoredUpdate[]) => void;
  settleBackoffMs: number[];
};

/**
 * Runs one claimed update (a text message together with the rest of its split paste) and settles every
 * row it took. Answers whether its chat has an update to take next.
 */
async function handle(db: Db, row: StoredUpdate, { lockMs, hold, settleBackoffMs }: Lease): Promise<boolean> {
  let rows = [row];
  let more = false;
  const settle = (taken: StoredUpdate, error?: unknown) =>
    retrying(
      () => settleUpdate({ db, row: taken, error, maxAttempts: MAX_ATTEMPTS }),
      settleBackoffMs,
      `settling update ${taken.updateId}`,
    );
  try {
    // Taken again after an attempt that died or was handed over: its turns are ended first, an
    // answered one is not run twice, and a resumed one does not repeat what the user was already told.
    const earlier = row.attempts > 1 ? await endAbandonedTurns({ db, updateId: row.updateId }) : null;
    if (earlier?.resumed) updateResumed();
    // A paste tail is taken only with the turn that answers it: after an answered attempt, only the
    // messages that attempt had joined (and answered) are settled with it; later ones wait their turn.
    const tail = await claimPasteTail({ db, head: row, lockMs, joinedOnly: Boolean(earlier?.answered) });
    rows = [row, ...tail];
    hold(tail);
    // The writes its turn left to finish after the answer (hand-over.ts deferToUpdate) are in before
    // the update is settled or handed back, whichever way the handling ended.
    if (!earlier?.answered)
      await botFor(db)
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
        .handleUpdate(joinPaste(row, tail) as any)
        .finally(deferredSettled);
    for (const taken of rows) more = (await settle(taken)).more || more;
    return more;
  } catch (thrown) {
    // grammY wraps what a handler throws in a BotError.
    const error = thrown instanceof BotError ? thrown.error : thrown;
    if (error instanceof TurnHandedOver) {
      for (const taken of rows)
        await retrying(() => releaseUpdate({ db, row: taken }), settleBackoffMs, `releasing update ${taken.updateId}`);
      announceUpdate(db);
      return false;
    }
    for (const taken of rows) more = (await settle(taken, error)).more || more;
    return more;
  }
}

export function createUpdateWorker({
  db,
  concurrency = env.BOT_WORKER_CONCURRENCY,
  lockMs = LEASE_MS,
  renewEveryMs = RENEW_EVERY_MS,
  settleBackoffMs = SETTLE_BACKOFF_MS,
  timers = realTimers,
  safetyPollMs = SAFETY_POLL_MS,
  handOverGraceMs = HAND_OVER_GRACE_MS,
  finishingGraceMs = FINISHING_GRACE_MS,
}: {
  db: Db;
  concurrency?: number;
  /** A claim's lease. */
  lockMs?: number;
  /** How often the leases of the updates in flight are renewed (a test's dead instance: never). */
  renewEveryMs?: number;
  settleBackoffMs?: number[];
  timers?: WakeTimers;
  safetyPollMs?: number;
  handOverGraceMs?: number;
  finishingGraceMs?: number;
}) {
  // Named in the notification of an update its own webhook stored, so it does not claim twice for it.
  const id = crypto.randomUUID();
  const inFlight = new Map<number, { row: StoredUpdate; run: UpdateRun; done: Promise<void> }>();
  const armed = new Set<unknown>();
  // Only a listening worker wakes itself; one driven by claimOnce (the cron route, tests) does not.
  let listening = false;
  let claiming: Promise<void> | null = null;
  let wanted = false;
  let stopping = false;
  // A claim could not take every pending update (no free slot, or as many as there were slots): a
  // finishing update then claims again. Otherwise only one whose chat has more waiting does.
  let backlog = false;
  let unlisten: (() => Promise<void>) | null = null;
  let poll: ReturnType<typeof setInterval> | undefined;
  // The rows of the updates in flight (heads and their paste tails) whose leases this worker renews.
  const held = new Map<number, { row: StoredUpdate; run: UpdateRun }>();
  let renewal: ReturnType<typeof setInterval> | undefined;

  /**
   * Renews the leases of every row in flight, in one statement. A row another attempt took meanwhile
   * (this worker was stalled past its lease) has its turn handed over: it winds down without
   * answering or charging, and the attempt that holds the update answers it.
   */
  const renewLeasesNow = async (): Promise<void> => {
    const rows = [...held.values()];
    let renewed: Set<number>;
    try {
      renewed = await renewLeases({ db, rows: rows.map((h) => h.row), lockMs });
    } catch (error) {
      log().warn({ err: error }, "[bot] renewing update leases failed; trying again at the next renewal");
      return;
    }
    for (const { row, run } of rows)
      if (!renewed.has(row.id) && held.has(row.id)) {
        held.delete(row.id);
        log().warn(`[bot] update ${row.updateId} was taken by another attempt; its turn here is handed over`);
        handOver(run);
      }
  };

  const hold = (rows: StoredUpdate[], run: UpdateRun) => {
    for (const row of rows) held.set(row.id, { row, run });
    if (!renewal && held.size) {
      renewal = setInterval(() => void renewLeasesNow(), renewEveryMs);
      renewal.unref();
    }
  };
  const unhold = (run: UpdateRun) => {
    for (const [id, entry] of held) if (entry.run === run) held.delete(id);
    if (!held.size) {
      clearInterval(renewal);
      renewal = undefined;
    }
  };

  const start = (row: StoredUpdate): Promise<void> => {
    const lease = { lockMs, settleBackoffMs, hold: (rows: StoredUpdate[]) => hold(rows, run) };
    const { run, done: handled } = runUpdate(row.updateId, () => handle(db, row, lease));
    hold([row], run);
    const done = handled
      .catch((error) => {
        // Settling failed however often it was tried (the database is away): the lease runs out and the update is taken again.
        log().error({ err: error }, `[bot] update ${row.updateId} could not be settled`);
        return true;
      })
      .then((more) => {
        unhold(run);
        inFlight.delete(row.id);
        // The chat's next update (or a chat that waited for a free slot) can go now.
        if (more || backlog) wake();
      });
    inFlight.set(row.id, { row, run, done });
    return done;
  };

  /** One claim for the free slots; answers the started handlers. */
  const claimOnce = async (): Promise<Promise<void>[]> => {
    const free = concurrency - inFlight.size;
    if (stopping) return [];
    if (free <= 0) {
      backlog = true;
      return [];
    }
    const claimed = await claimUpdates({ db, lockMs, limit: free });
    backlog = claimed.length === free;
    return claimed.map(start);
  };

  /** Claims until no wake came in meanwhile; a wake during a claim is not lost but runs it again. */
  const claimLoop = async () => {
    try {
      while (wanted && !stopping) {
        wanted = false;
        await claimOnce();
      }
    } catch (error) {
      log().error({ err: error }, "[bot] claiming updates failed");
    } finally {
      claiming = null;
    }
  };

  function wake(): void {
    if (!listening || stopping) return;
    wanted = true;
    // From the event loop's next turn: webhooks that arrived together all send their first reaction
    // ("typing") before a claim's work (on PGlite, queries on this very thread) holds them up.
    claiming ??= new Promise((resolve) => setImmediate(resolve)).then(claimLoop);
  }

  const worker = {
    id,
    wake,
    /**
     * An update was stored by this instance: a listening worker claims it at once, or after `ms` (a
     * possible split paste waits for its rest); only then is a timer armed.
     */
    stored(ms: number): void {
      if (ms <= 0) return wake();
      const handle = timers.setTimeout(() => {
        armed.delete(handle);
        wake();
      }, ms);
      armed.add(handle);
    },
    /** One claim now (the cron route, tests): the started handlers' promises. */
    claimOnce,
    /** Renews the leases of the updates in flight now (the renewal timer's work; tests call it). */
    renewLeases: renewLeasesNow,
    /**
     * Listens for stored updates and polls slowly as a safety net. The instance's own worker (`own`)
     * is also the one its webhook wakes directly; a test's second instance is not.
     */
    async listen({ own = true }: { own?: boolean } = {}): Promise<void> {
      unlisten = await listenForUpdates(db, { worker: id, onWake: wake });
      listening = true;
      if (own) ownWorkers.set(db, worker);
      poll = setInterval(wake, safetyPollMs);
      poll.unref();
      wake();
    },
    /** Resolves when nothing is being claimed or handled. */
    async settled(): Promise<void> {
      while (claiming || inFlight.size) await Promise.all([claiming, ...[...inFlight.values()].map((f) => f.done)]);
    },
    /**
     * Shutdown: no more claims; turns in flight may finish until `deadlineMs`, then the updates still
     * running are handed over: their turns wind down and release them for another instance, and what
     * has not within the grace is handed back here (a media job without a turn too).
     */
    async stop({ deadlineMs }: { deadlineMs: number }): Promise<void> {
      stopping = true;
      listening = false;
      if (ownWorkers.get(db) === worker) ownWorkers.delete(db);
      clearInterval(poll);
      for (const handle of armed) timers.clearTimeout(handle);
      armed.clear();
      await unlisten?.().catch(() => {});
      await claiming;
      const finished = Promise.all([...inFlight.values()].map((f) => f.done));
      if (await settlesWithin(finished, deadlineMs)) return;
      for (const { run } of inFlight.values()) handOver(run);
      if (await settlesWithin(finished, handOverGraceMs)) return;
      const finishing = [...inFlight.values()].filter((f) => f.run.finishing).map((f) => f.done);
      if (finishing.length) await settlesWithin(Promise.all(finishing), finishingGraceMs);
      const left = [...inFlight.values()];
      if (!left.length) return;
      // Handed back: no longer this worker's to renew, whatever its turns still do.
      held.clear();
      clearInterval(renewal);
      for (const { row, run } of left) await handBackUpdate({ db, row, run });
      announceUpdate(db);
      log().warn(`[bot] ${left.length} update(s) still running at shutdown were handed back`);
    },
  };
  return worker;
}

async function settlesWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  const result = await Promise.race([work.then(() => true as const), late]);
  clearTimeout(timer);
  return result;
}

/** This process's worker for a database: the one the webhook wakes and the jobs start. */
export const updateWorker = perDatabase((db) => createUpdateWorker({ db }));

/**
 * The webhook's update, stored once: this instance's worker takes it at once (or after its join window),
 * the others are told (on PostgreSQL by the storing statement itself). Answers whether it was new.
 */
export async function takeUpdate({
  db,
  update,
}: {
  db: Db;
  update: Parameters<typeof storeUpdate>[0]["update"];
}): Promise<boolean> {
  const own = ownWorkers.get(db);
  const { stored, waitMs, announced } = await storeUpdate({ db, update, woken: own?.id });
  if (!stored) return false;
  own?.stored(waitMs);
  if (!announced) announceUpdate(db, { woken: own?.id });
  return true;
}

/** One claim round of this process's worker; answers the started handlers' promise (tests and the cron route await it). */
export const processUpdates = ({ db }: { db: Db }): Promise<Promise<void>[]> => updateWorker(db).claimOnce();

export const botUpdatesJob: Job = {
  name: "bot-updates",
  // The in-process worker is woken, not polled (start); this interval is the safety net and the cron route's run.
  intervalMs: SAFETY_POLL_MS,
  run: (db) => processUpdates({ db }),
  start: (db) => updateWorker(db).listen(),
  stop: (db, deadlineMs) => updateWorker(db).stop({ deadlineMs }),
};
