import postgres from "postgres";
import { describe, expect, it, vi } from "vitest";

// A small pool, so this file's connections stay few beside the other files' (set before the app's env is read).
vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "4";
});

import { getDb, openPoolConnections } from "@/db";

/** The connections the app's pool holds to this file's database, seen by the server. */
async function serverConnections(): Promise<number> {
  const url = new URL(process.env.DATABASE_URL!);
  const database = url.pathname.slice(1);
  const admin = postgres(process.env.BASE_DATABASE_URL!, { max: 1, onnotice: () => {} });
  try {
    const [row] = await admin`select count(*)::int as count from pg_stat_activity where datname = ${database}`;
    return row.count as number;
  } finally {
    await admin.end();
  }
}

describe("the database pool at start-up", () => {
  it.runIf(process.env.DATABASE_URL)(
    "opens every connection of DATABASE_POOL_SIZE on PostgreSQL, and they answer",
    async () => {
      const db = await getDb();
      // Opening, migrating and seeding ran on fewer (queries one after another).
      expect(await serverConnections()).toBeLessThan(4);
      await openPoolConnections();
      expect(await serverConnections()).toBe(4);
      // Opened once: a second call (another start-up attempt) opens no more.
      await openPoolConnections();
      expect(await serverConnections()).toBe(4);
      expect(await db.query.tariffs.findFirst()).toBeDefined();
    },
  );

  it.runIf(!process.env.DATABASE_URL)("has nothing to open on the embedded database", async () => {
    await getDb();
    await expect(openPoolConnections()).resolves.toBeUndefined();
  });
});
