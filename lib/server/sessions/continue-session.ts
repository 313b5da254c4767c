import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { dialogSessions, models, users, type User } from "@/db/schema";
import { botText } from "@/lib/server/bot/bot-text";
import { switchSessionModel } from "@/lib/server/bot/model-choice";
import { queueBotMessage } from "@/lib/server/bot/outbox";
import { ApiError } from "@/lib/server/http/api-error";

/**
 * Continues one of the caller's sessions in the messenger: makes it the active session and queues a
 * bot message, in one transaction. Another user's session (or an unknown one) answers 404. With
 * `modelId` the session first moves to that model (one its tariff opens for the session's action,
 * else 403), keeping its history as the new model's context.
 * For POST /api/history/id (docs/product/history.md).
 */
export async function continueSession({
  db,
  user,
  sessionId,
  modelId,
}: {
  db: Db;
  user: Pick<User, "id" | "telegramId" | "language">;
  sessionId: number;
  modelId?: number;
}) {
  if (modelId !== undefined) {
    const [owned] = await db
      .select({ id: dialogSessions.id })
      .from(dialogSessions)
      .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, user.id)));
    if (!owned) throw new ApiError("not_found", "Session not found");
    if (!(await switchSessionModel({ db, userId: user.id, sessionId, modelId })))
      throw new ApiError("forbidden", "This model is not open in your tariff for this dialogue");
  }
  return db.transaction(async (tx) => {
    const [session] = await tx
      .update(dialogSessions)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, user.id)))
      .returning();
    if (!session) throw new ApiError("not_found", "Session not found");
    const [model] = await tx
      .select({ displayName: models.displayName })
      .from(models)
      .where(eq(models.id, session.modelId));
    await tx.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    const text = botText(user.language)("sessionContinued", {
      name: session.title ?? session.name,
      model: model?.displayName ?? "",
    });
    await queueBotMessage({ db: tx, userId: user.id, chatId: user.telegramId, text });
    return { success: true as const, session_id: session.id };
  });
}
