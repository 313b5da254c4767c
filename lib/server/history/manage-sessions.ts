import "server-only";
import { and, eq, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { botTurns, dialogMessages, dialogSessions, users } from "@/db/schema";
import type { HistoryDeleteResponse, HistoryRenameResponse } from "@/lib/contracts/history";
import { ApiError } from "@/lib/server/http/api-error";
import { log } from "@/lib/server/log";
import { getStorage, isValidKey } from "@/lib/server/storage";

/** PATCH /api/history/id {session_id, name}: the person's own title for one of their dialogues; 404 otherwise. */
export async function renameSession({
  db,
  userId,
  sessionId,
  name,
}: {
  db: Db;
  userId: number;
  sessionId: number;
  name: string;
}): Promise<HistoryRenameResponse> {
  const renamed = await db
    .update(dialogSessions)
    .set({ title: name })
    .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)))
    .returning({ id: dialogSessions.id });
  if (renamed.length === 0) throw new ApiError("not_found", "Session not found");
  return { session_id: sessionId, name };
}

/**
 * DELETE /api/history/id?session_id=: deletes one of the caller's dialogues with its messages and the
 * files stored for them; 404 for another's or none, 409 while a turn of it is running (its reserved
 * units are given back when it ends). The bot forgets it as the active dialogue in the same statement
 * set. Files go after the rows: a file whose removal fails is only logged (no row points at it any more).
 */
export async function deleteSession({
  db,
  userId,
  sessionId,
}: {
  db: Db;
  userId: number;
  sessionId: number;
}): Promise<HistoryDeleteResponse> {
  const keys = await db.transaction(async (tx) => {
    const [owned] = await tx
      .select({ id: dialogSessions.id })
      .from(dialogSessions)
      .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)))
      .for("update");
    if (!owned) throw new ApiError("not_found", "Session not found");
    const [running] = await tx
      .select({ id: botTurns.id })
      .from(botTurns)
      .where(and(eq(botTurns.sessionId, sessionId), eq(botTurns.status, "running")))
      .limit(1);
    if (running) throw new ApiError("conflict", "An answer in this dialogue is still being written");
    const files = await tx
      .select({ user: dialogMessages.userFileUrl, ai: dialogMessages.aiFileUrl })
      .from(dialogMessages)
      .where(
        and(
          eq(dialogMessages.sessionId, sessionId),
          or(sql`${dialogMessages.userFileUrl} is not null`, sql`${dialogMessages.aiFileUrl} is not null`),
        ),
      );
    await tx
      .update(users)
      .set({ activeSessionId: null })
      .where(and(eq(users.id, userId), eq(users.activeSessionId, sessionId)));
    await tx.delete(dialogSessions).where(eq(dialogSessions.id, sessionId));
    // Stored keys only: an external link (a provider's result URL) is not ours to delete.
    return files.flatMap((f) => [f.user, f.ai]).filter((v): v is string => v !== null && isValidKey(v));
  });
  const storage = getStorage();
  const removed = await Promise.all(
    [...new Set(keys)].map((key) =>
      storage.remove(key).then(
        () => true,
        (error: unknown) => {
          log().warn({ err: error, key }, "history: a deleted dialogue's file was not removed");
          return false;
        },
      ),
    ),
  );
  return { success: true, files_removed: removed.filter(Boolean).length };
}
