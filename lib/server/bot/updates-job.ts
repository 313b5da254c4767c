import "server-only";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { env } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { createBot } from "./bot";
import { claimPasteTail, claimUpdates, joinPaste, settleUpdate, type StoredUpdate } from "./updates";

// Handles stored updates: each claimed update runs on its own, so one chat's slow model call never
// holds another chat (the job tick does not wait for it). The claim lock outlasts the model timeout,
// so only a crashed worker's update is taken again.

const MAX_ATTEMPTS = 5;
const inFlight = new Set<number>();
const botFor = perDatabase((db) => createBot({ db }));

/** Runs one claimed update (a text message together with the rest of its split paste) and settles every row it took. */
async function handle(db: Db, row: StoredUpdate, lockMs: number) {
  let rows = [row];
  try {
    const tail = await claimPasteTail({ db, head: row, lockMs });
    rows = [row, ...tail];
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    await botFor(db).handleUpdate(joinPaste(row, tail) as any);
    for (const taken of rows) await settleUpdate({ db, row: taken, maxAttempts: MAX_ATTEMPTS });
  } catch (error) {
    for (const taken of rows) await settleUpdate({ db, row: taken, error, maxAttempts: MAX_ATTEMPTS });
  }
}

/** Claims due updates and starts them; answers the started handlers' promise (tests await it). */
export async function processUpdates({
  db,
  lockMs = (env.AI_TIMEOUT_SECONDS + 60) * 1000,
  joinWindowMs,
}: {
  db: Db;
  lockMs?: number;
  /** How long a chat must be quiet before its text message is taken (BOT_PASTE_JOIN_MS). */
  joinWindowMs?: number;
}): Promise<Promise<void>[]> {
  const free = env.BOT_WORKER_CONCURRENCY - inFlight.size;
  if (free <= 0) return [];
  const rows = await claimUpdates({ db, lockMs, limit: free, joinWindowMs });
  return rows.map((row) => {
    inFlight.add(row.id);
    return handle(db, row, lockMs).finally(() => inFlight.delete(row.id));
  });
}

export const botUpdatesJob: Job = {
  name: "bot-updates",
  intervalMs: 500,
  run: (db) => processUpdates({ db }),
};
