import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { catalogueVersion } from "@/db/schema";
import { nowMs } from "@/lib/server/clock";

// The catalogue (models, actions, tariffs and their models, rates, video capabilities) only changes when
// the seed runs or an operator edits it, yet most calls read it. Each process keeps it in memory, per
// database handle, and at most every RECHECK_MS asks catalogue_version (bumped by the seed; an operator
// bumps it by hand) whether to drop what it holds.
export const RECHECK_MS = 2000;

type State = { version?: number; checkedAt: number; checking?: Promise<void>; entries: Map<string, Promise<unknown>> };
const states = new WeakMap<Db, State>();

async function recheck(db: Db, state: State): Promise<void> {
  const [row] = await db
    .select({ version: catalogueVersion.version })
    .from(catalogueVersion)
    .where(eq(catalogueVersion.id, 1));
  if (row?.version !== state.version) state.entries.clear();
  state.version = row?.version;
  state.checkedAt = nowMs();
}

/** `load()` once per catalogue version; concurrent callers share one load, a failed load is retried. */
export async function cachedCatalogue<T>(db: Db, key: string, load: () => Promise<T>): Promise<T> {
  let state = states.get(db);
  if (!state) states.set(db, (state = { checkedAt: 0, entries: new Map() }));
  if (nowMs() - state.checkedAt >= RECHECK_MS) {
    const current = state;
    current.checking ??= recheck(db, current).finally(() => (current.checking = undefined));
    await current.checking;
  }
  let entry = state.entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    const entries = state.entries;
    entry = load().catch((error) => {
      entries.delete(key);
      throw error;
    });
    entries.set(key, entry);
  }
  return entry;
}

/**
 * Moves catalogue_version inside a console change's transaction, so every process drops its copy
 * within RECHECK_MS of the change being committed (and not before: a rolled-back change moves nothing).
 */
export async function bumpCatalogueVersion(tx: Db): Promise<void> {
  await tx
    .update(catalogueVersion)
    .set({ version: sql`${catalogueVersion.version} + 1` })
    .where(eq(catalogueVersion.id, 1));
}

/** After a committed console change: this process rechecks the version at its next read instead of within RECHECK_MS. */
export function recheckAtNextRead(db: Db): void {
  const state = states.get(db);
  if (state) state.checkedAt = 0;
}
