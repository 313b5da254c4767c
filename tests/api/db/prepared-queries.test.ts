import postgres from "postgres";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/postgres-js";
import { describe, expect, it, vi } from "vitest";

// One connection, so the statements it keeps (pg_prepared_statements is per session) are the ones seen here.
vi.hoisted(() => {
  process.env.DATABASE_POOL_SIZE = "1";
});

import { getDb, type Db } from "@/db";
import { preparedQueries } from "@/db/prepared-queries";
import { tariffs } from "@/db/schema";

/** The statements the connection keeps whose text holds `marker`. */
async function kept(db: Db, marker: string): Promise<string[]> {
  const rows = await db.execute<{ statement: string }>(
    sql`select statement from pg_prepared_statements where statement like ${`%${marker}%`}`,
  );
  return [...rows].map((row) => row.statement);
}

const tariffById = (db: Db, id: number) => db.select({ id: tariffs.id }).from(tariffs).where(eq(tariffs.id, id));

describe.runIf(process.env.DATABASE_URL)("queries on PostgreSQL (decision 0511)", () => {
  it("prepares a query with parameters once and sends every later call on that statement", async () => {
    const db = await getDb();
    const [first] = await db.select({ id: tariffs.id }).from(tariffs).limit(1);
    for (const id of [first.id, first.id + 1000, first.id]) await tariffById(db, id);
    expect(await tariffById(db, first.id)).toEqual([{ id: first.id }]);
    expect(await kept(db, 'where "tariffs"."id" = $1')).toEqual([
      'select "id" from "tariffs" where "tariffs"."id" = $1',
    ]);
  });

  it("prepares inside a transaction and a nested one, sharing the connection's statements", async () => {
    const db = await getDb();
    const found = await db.transaction(async (tx) => {
      const outer = await tariffById(tx, 1);
      const inner = await tx.transaction(async (nested) =>
        nested.select({ name: tariffs.name }).from(tariffs).where(eq(tariffs.id, 1)),
      );
      return { outer, inner };
    });
    expect(found.outer.length).toBe(found.inner.length);
    expect(await kept(db, 'where "tariffs"."id" = $1')).toHaveLength(2);
    expect(await kept(db, 'select "name" from "tariffs"')).toEqual([
      'select "name" from "tariffs" where "tariffs"."id" = $1',
    ]);
  });

  it("sends a query without parameters as a simple query, never prepared", async () => {
    const db = await getDb();
    const rows = await db.execute<{ answer: number }>(sql`select 41 + 1 as answer`);
    expect([...rows]).toEqual([{ answer: 42 }]);
    expect(await kept(db, "41 + 1")).toEqual([]);
  });

  it("prepares nothing on a client made with prepare: false (DATABASE_PREPARE=false)", async () => {
    const client = postgres(process.env.DATABASE_URL!, { max: 1, prepare: false, onnotice: () => {} });
    try {
      const db = drizzle(preparedQueries(client)) as unknown as Db;
      await tariffById(db, 1);
      await db.transaction((tx) => tariffById(tx, 1));
      expect(await kept(db, '"tariffs"."id" = $1')).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
