import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import { processWide } from "@/lib/server/process-wide";

// Handing a shutting-down instance's work to another (docs/decisions/0432-hand-over-scoped-to-the-update.md).
// Each update a worker runs carries a hand-over signal in an async scope, so every turn started while
// handling it sees that signal, even one that starts after the worker fired it, and the worker knows
// which turn rows the update started. A turn that sees it winds down as handed over (nothing sent,
// nothing charged) and the worker releases the update; a turn too slow to wind down within the grace
// has its rows ended and its update released by the worker itself (turn-reservations.ts handBackUpdate).

/** Thrown by a turn handed over at shutdown: the update worker hands its update back instead of settling it. */
export class TurnHandedOver extends Error {
  constructor() {
    super("The turn was handed to another instance at shutdown");
  }
}

const SHUTDOWN = "shutdown";

/**
 * What the worker knows of one update it runs: its Telegram update_id, the signal it fires at
 * shutdown, the turn rows the update started, whether its turn is past the point where it can
 * still be handed over, and whether an earlier attempt began a turn of it (the user saw it start).
 */
export type UpdateRun = {
  updateId: number;
  handOver: AbortController;
  turnIds: Set<number>;
  finishing: boolean;
  resumed: boolean;
  /** Writes the answer did not wait for (deferToUpdate); the worker waits for them before it settles the update. */
  deferred: Promise<unknown>[];
};

// Shared by every bundled copy of this module, like the turns' stop registry (process-wide.ts).
const scope = processWide("update-run", () => new AsyncLocalStorage<UpdateRun>());

/** Runs the handling of one claimed update inside its hand-over scope. */
export function runUpdate<T>(updateId: number, work: () => Promise<T>): { run: UpdateRun; done: Promise<T> } {
  const run: UpdateRun = {
    updateId,
    handOver: new AbortController(),
    turnIds: new Set(),
    finishing: false,
    resumed: false,
    deferred: [],
  };
  return { run, done: scope.run(run, work) };
}

/**
 * A write the chat's answer need not wait for (a model call's request-log row), made while handling
 * an update: the worker waits for it before settling the update, so it is there once the update is
 * done and a shutdown does not cut it off. Answers false outside the worker: the caller awaits it.
 */
export function deferToUpdate(write: Promise<unknown>): boolean {
  const run = scope.getStore();
  run?.deferred.push(write);
  return run !== undefined;
}

/** The deferred writes of the update being handled, settled (they never fail it). */
export async function deferredSettled(): Promise<void> {
  await Promise.allSettled(scope.getStore()?.deferred ?? []);
}

/** Shutdown reached an update still running: its turns wind down and hand it over. */
export const handOver = (run: UpdateRun) => run.handOver.abort(SHUTDOWN);

/** Fires when the update being handled is handed over; undefined outside the worker. */
export const handOverSignal = (): AbortSignal | undefined => scope.getStore()?.handOver.signal;

/** `signal`, and also aborted when the update being handled is handed over (outside the worker, `signal` alone). */
export function withHandOver(signal: AbortSignal): AbortSignal {
  const handOver = handOverSignal();
  return handOver ? AbortSignal.any([signal, handOver]) : signal;
}

/** The Telegram update_id of the update being handled; null outside the worker. */
export const currentUpdateId = (): number | null => scope.getStore()?.updateId ?? null;

/** A turn row started while handling the current update: the worker ends it if the turn cannot. */
export function turnOfUpdate(turnId: number): void {
  scope.getStore()?.turnIds.add(turnId);
}

/**
 * The current update's turn has its answer (or its apology) and is sending, charging and saving it:
 * handed over now, it would be answered twice, so shutdown waits a little longer for it.
 */
export function turnFinishing(): void {
  const run = scope.getStore();
  if (run) run.finishing = true;
}

/** An earlier attempt at the update being handled began a turn that did not finish (handed over, or its instance died). */
export function updateResumed(): void {
  const run = scope.getStore();
  if (run) run.resumed = true;
}

/** Whether the update being handled was begun by an earlier attempt: what that turn already told the user is not said again. */
export const isResumedUpdate = (): boolean => scope.getStore()?.resumed ?? false;

/** Whether a turn's signal fired because its update is being handed over. */
export const abortedForShutdown = (signal: AbortSignal) => signal.aborted && signal.reason === SHUTDOWN;
