import "server-only";
import { inArray, min, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { botOutbox, botUpdates, tariffs } from "@/db/schema";

// Prepared once per database handle, like the caller's query: GET /api/health is what a host's probe
// and a load balancer call most, and building this query each time was half of its handler's CPU.
const tariffCount = perDatabase((db) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(tariffs)
    .prepare("health_tariff_count"),
);

/** Liveness: the database answers. */
export async function checkDatabase({ db }: { db: Db }) {
  const [row] = await tariffCount(db).execute();
  return { status: "ok", database: "ok", tariffs: row.count };
}

const ageSeconds = (since: Date | string | null) =>
  since ? Math.max(0, Math.round((Date.now() - new Date(since).getTime()) / 1000)) : 0;

/**
 * Readiness (`GET /api/health?ready=1`): the database and the job backlog: how long the oldest
 * unsent bot message and the oldest unprocessed bot update have waited, in seconds.
 */
export async function checkReadiness({ db }: { db: Db }) {
  const [outbox] = await db
    .select({ oldest: min(botOutbox.createdAt) })
    .from(botOutbox)
    .where(inArray(botOutbox.status, ["pending", "sending"]));
  const [updates] = await db
    .select({ oldest: min(botUpdates.createdAt) })
    .from(botUpdates)
    .where(inArray(botUpdates.status, ["pending", "processing"]));
  return {
    ...(await checkDatabase({ db })),
    backlog: {
      oldest_unsent_outbox_seconds: ageSeconds(outbox?.oldest ?? null),
      oldest_unprocessed_update_seconds: ageSeconds(updates?.oldest ?? null),
    },
  };
}
