import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase } from "drizzle-orm/pg-core";
import {
  drizzle as drizzlePostgres,
  type PostgresJsDatabase,
  type PostgresJsQueryResultHKT,
} from "drizzle-orm/postgres-js";
import { env } from "@/lib/env";
import * as schema from "./schema";
import { seedCatalogue } from "./seed";
import { acquireDataDirLock } from "./lock";
import { preparedQueries } from "./prepared-queries";

// Both drivers expose the same query builder; the PGlite database is typed as the postgres-js one so
// that queries are written once. Avoid `db.execute()` (its result shape differs per driver).
type Database = PostgresJsDatabase<typeof schema>;
/**
 * What queries run on: the database or a transaction of it (drizzle's PgTransaction extends
 * PgDatabase), so a function that must read inside its caller's transaction takes the transaction.
 */
export type Db = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;

const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

type DbHolder = { promise?: Promise<Db>; db?: Db; close?: () => Promise<void>; openPool?: () => Promise<void> };
const globalForDb = globalThis as unknown as { __appDb?: DbHolder };

type Opened = { db: Database; close: () => Promise<void>; openPool?: () => Promise<void> };

async function openPostgres(url: string): Promise<Opened> {
  const { default: postgres } = await import("postgres");
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const client = postgres(url, {
    max: env.DATABASE_POOL_SIZE,
    onnotice: () => {},
    // The driver's default reconnect backoff grows to 20 s, so queries that arrive during a short
    // outage would wait (up to ~18 s seen) instead of failing fast with a 503, and recovery after the
    // server returns would lag by seconds. A short, flat backoff fails fast and reconnects at once.
    backoff: () => 0.2,
    connect_timeout: 5,
    prepare: env.DATABASE_PREPARE === "true",
  });
  const db = drizzlePostgres(preparedQueries(client), { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  } catch (error) {
    // The server may be down at start-up: drop this pool, the next request opens a fresh one.
    await client.end({ timeout: 1 }).catch(() => {});
    throw error;
  }
  return {
    db,
    close: () => client.end({ timeout: 5 }),
    // As many queries at once as the pool holds connections: the driver opens one for each.
    openPool: async () => {
      await Promise.all(Array.from({ length: env.DATABASE_POOL_SIZE }, () => client`select 1`));
    },
  };
}

async function openPglite(dir: string): Promise<Opened> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const inMemory = dir.startsWith("memory://");
  let releaseLock = () => {};
  if (!inMemory) {
    fs.mkdirSync(path.dirname(path.resolve(dir)), { recursive: true });
    releaseLock = acquireDataDirLock(dir);
  }
  const client = new PGlite(inMemory ? undefined : path.resolve(dir));
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return {
    db: db as unknown as Database,
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/** The process-wide database, opened lazily once (never during `next build`), migrated and seeded. */
export function getDb(): Promise<Db> {
  const holder = (globalForDb.__appDb ??= {});
  holder.promise ??= (async () => {
    const opened = env.DATABASE_URL ? await openPostgres(env.DATABASE_URL) : await openPglite(env.PGLITE_DIR);
    holder.close = opened.close;
    holder.openPool = opened.openPool;
    await seedCatalogue(opened.db);
    holder.db = opened.db;
    return opened.db;
  })().catch((error) => {
    holder.promise = undefined;
    throw error;
  });
  return holder.promise;
}

/**
 * The database once getDb() has opened it, without waiting for a promise (the request wrappers take
 * it so on every call); undefined before, and after closeDb().
 */
export function openDb(): Db | undefined {
  const holder = globalForDb.__appDb;
  return holder?.db && holder.promise ? holder.db : undefined;
}

/**
 * Opens every connection of the PostgreSQL pool (DATABASE_POOL_SIZE) once the database is open: the
 * server does it at start-up (instrumentation.ts), so the first burst after a deploy does not wait
 * for connections being set up in the middle of its queries (a backend started, then the driver's
 * type query on each). They stay open: the driver closes a connection only at the end of its lifetime
 * (30 to 60 minutes, each its own), and a query opens it again. The embedded database has no pool.
 */
export async function openPoolConnections(): Promise<void> {
  await globalForDb.__appDb?.openPool?.();
}

export async function closeDb(): Promise<void> {
  const holder = globalForDb.__appDb;
  if (!holder?.promise) return;
  await holder.promise.catch(() => undefined);
  await holder.close?.();
  globalForDb.__appDb = undefined;
}

export { schema };
