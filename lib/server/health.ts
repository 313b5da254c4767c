import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { tariffs } from "@/db/schema";

export async function checkDatabase({ db }: { db: Db }) {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(tariffs);
  return { status: "ok", database: "ok", tariffs: row.count };
}
