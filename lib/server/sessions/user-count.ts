import "server-only";
import { count, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions, favorites } from "@/db/schema";
import type { UserCountResponse } from "@/lib/contracts/user";

/** GET /api/user/count: the caller's dialogue sessions, favourite assistants and dialogue messages. */
export async function getUserCount({ db, userId }: { db: Db; userId: number }): Promise<UserCountResponse> {
  const [[sessions], [favs], [messages]] = await Promise.all([
    db.select({ n: count() }).from(dialogSessions).where(eq(dialogSessions.userId, userId)),
    db.select({ n: count() }).from(favorites).where(eq(favorites.userId, userId)),
    db
      .select({ n: count() })
      .from(dialogMessages)
      .innerJoin(dialogSessions, eq(dialogSessions.id, dialogMessages.sessionId))
      .where(eq(dialogSessions.userId, userId)),
  ]);
  return { sessions: Number(sessions.n), favorites: Number(favs.n), messages: Number(messages.n) };
}
