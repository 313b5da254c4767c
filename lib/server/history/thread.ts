import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions, models } from "@/db/schema";
import type { HistoryMessage, HistoryModels } from "@/lib/contracts/history";
import { openModels } from "@/lib/server/bot/model-choice";
import { ApiError } from "@/lib/server/http/api-error";
import { signedFileUrl } from "@/lib/server/storage";

// dialog_messages keeps storage keys; the client gets expiring signed links. Values that already are
// external links (a provider's result URL) pass through.
const fileUrl = (value: string | null) =>
  value === null || /^https?:\/\//i.test(value) ? value : signedFileUrl(value);

/** GET /api/history/id: the messages of one of the caller's sessions, oldest first; 404 otherwise. */
export async function listSessionMessages({
  db,
  userId,
  sessionId,
}: {
  db: Db;
  userId: number;
  sessionId: number;
}): Promise<HistoryMessage[]> {
  const [owned] = await db
    .select({ id: dialogSessions.id })
    .from(dialogSessions)
    .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)));
  if (!owned) throw new ApiError("not_found", "Session not found");
  // Only what the thread shows: a document turn's kept text (document_text, for the bot's context)
  // can be many kilobytes a row.
  const rows = await db
    .select({
      id: dialogMessages.id,
      userText: dialogMessages.userText,
      userFileUrl: dialogMessages.userFileUrl,
      userFileName: dialogMessages.userFileName,
      aiText: dialogMessages.aiText,
      aiFileUrl: dialogMessages.aiFileUrl,
      model: models.displayName,
      createdAt: dialogMessages.createdAt,
    })
    .from(dialogMessages)
    .leftJoin(models, eq(models.id, dialogMessages.modelId))
    .where(eq(dialogMessages.sessionId, sessionId))
    .orderBy(asc(dialogMessages.createdAt), asc(dialogMessages.id));
  return rows.map((m) => ({
    message_id: m.id,
    user_text: m.userText,
    user_file_url: fileUrl(m.userFileUrl),
    user_file_name: m.userFileName,
    ai_text: m.aiText,
    ai_file_url: fileUrl(m.aiFileUrl),
    model: m.model,
    created_at: new Date(m.createdAt).toISOString(),
  }));
}

/** GET /api/history/models: the models one of the caller's sessions may continue with; 404 for another's session. */
export async function sessionModelChoice({
  db,
  userId,
  sessionId,
}: {
  db: Db;
  userId: number;
  sessionId: number;
}): Promise<HistoryModels> {
  const [session] = await db
    .select({ modelId: dialogSessions.modelId, action: dialogSessions.action })
    .from(dialogSessions)
    .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)));
  if (!session) throw new ApiError("not_found", "Session not found");
  const open = await openModels({ db, userId, action: session.action });
  return {
    current_model_id: session.modelId,
    models: open.map((m) => ({ model_id: m.id, display_name: m.displayName })),
  };
}
