import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { dialogSessions } from "@/db/schema";

/** The user's dialogue sessions: what starting a model created. */
export async function sessionsOf(userId: number) {
  const db = await getDb();
  return db.select().from(dialogSessions).where(eq(dialogSessions.userId, userId));
}
