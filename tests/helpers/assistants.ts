import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { assistants, favorites } from "@/db/schema";

/** The id the seed gave the assistant `seedKey`. */
export async function assistantId(seedKey: string): Promise<number> {
  const db = await getDb();
  const [a] = await db.select({ id: assistants.id }).from(assistants).where(eq(assistants.seedKey, seedKey));
  return a.id;
}

export async function favoriteRows(userId: number) {
  const db = await getDb();
  return db.select().from(favorites).where(eq(favorites.userId, userId));
}
