import "server-only";
import { and, eq } from "drizzle-orm";
import { InlineKeyboard } from "grammy";
import type { Db } from "@/db";
import { dialogSessions, users, type User } from "@/db/schema";
import type { ModelAction } from "@/lib/shared/model-actions";
import type { ModelRow } from "@/lib/server/catalogue/access-rules";
import { getAccessibleModelIds, loadAllModels } from "@/lib/server/catalogue/models";
import { getCurrentTariff } from "@/lib/server/tariffs/current-tariff";
import { steerText } from "./bot-text";

// Which models a dialogue may move to: those of the session's action that the user's tariff opens,
// in catalogue order. Switching keeps the session (and so its history and context); only its model
// changes, so the next answer comes from the new model with the earlier turns in view.

/** Callback data: list the models for the active session (the button under a text answer's cost line). */
export const MODELS_PREFIX = "models";
/** Callback data `setmodel:<sessionId>:<modelId>`: the session answers with that model from now on. */
export const SET_MODEL_PREFIX = "setmodel:";

/** The models of `action` the user's current tariff opens, in catalogue order. */
export async function openModels({
  db,
  userId,
  action,
}: {
  db: Db;
  userId: number;
  action: string;
}): Promise<ModelRow[]> {
  const { subscription } = await getCurrentTariff({ db, userId });
  const [all, accessible] = await Promise.all([loadAllModels(db), getAccessibleModelIds({ db, subscription })]);
  return all.filter((m) => accessible.has(m.id) && m.actions.includes(action as ModelAction));
}

/** Whether the user's tariff opens a model for `action` besides `modelId` ("Other model" is offered only then). */
export async function hasOtherModel({
  db,
  userId,
  action,
  modelId,
}: {
  db: Db;
  userId: number;
  action: string;
  modelId: number;
}): Promise<boolean> {
  return (await openModels({ db, userId, action })).some((m) => m.id !== modelId);
}

/** One button per model (the current one marked), each pressing `data(model)`. */
export function modelKeyboard(
  models: ModelRow[],
  data: (model: ModelRow) => string,
  currentId?: number,
): InlineKeyboard {
  // One model a row; built from rows so that no empty row trails the last button.
  return InlineKeyboard.from(
    models.map((model) => [
      InlineKeyboard.text(`${model.id === currentId ? "✓ " : ""}${model.displayName}`, data(model)),
    ]),
  );
}

/** The "Change model" button under a text answer's cost line. */
export const changeModelKeyboard = (lang: string) =>
  new InlineKeyboard().text(steerText(lang)("modelButton"), MODELS_PREFIX);

/**
 * Moves the user's session to `modelId` when the tariff opens it for the session's action; answers
 * the model, or null when the session is not theirs or the model not open to them.
 */
export async function switchSessionModel({
  db,
  userId,
  sessionId,
  modelId,
}: {
  db: Db;
  userId: number;
  sessionId: number;
  modelId: number;
}): Promise<ModelRow | null> {
  const [session] = await db
    .select({ action: dialogSessions.action })
    .from(dialogSessions)
    .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)));
  if (!session) return null;
  const model = (await openModels({ db, userId, action: session.action })).find((m) => m.id === modelId);
  if (!model) return null;
  await db
    .update(dialogSessions)
    .set({ modelId })
    .where(and(eq(dialogSessions.id, sessionId), eq(dialogSessions.userId, userId)));
  return model;
}

/**
 * A first message without a session: a text session of the first text model (catalogue order) the
 * user's tariff opens, made active (docs/decisions/0341-default-model-on-first-message.md). Null when
 * the tariff opens no text model.
 */
export async function startDefaultTextSession({
  db,
  user,
}: {
  db: Db;
  user: User;
}): Promise<{ sessionId: number; model: ModelRow } | null> {
  const [model] = await openModels({ db, userId: user.id, action: "text" });
  if (!model) return null;
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(dialogSessions)
      .values({ userId: user.id, name: model.displayName, modelId: model.id, action: "text" })
      .returning({ id: dialogSessions.id });
    await tx.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    return session.id;
  });
  return { sessionId, model };
}

/** `/new`: a fresh session with the active one's model, assistant and action, made active. Null without an active session. */
export async function startFreshSession({ db, user }: { db: Db; user: User }): Promise<{ sessionId: number } | null> {
  if (!user.activeSessionId) return null;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(dialogSessions)
      .where(and(eq(dialogSessions.id, user.activeSessionId!), eq(dialogSessions.userId, user.id)));
    if (!current) return null;
    const [session] = await tx
      .insert(dialogSessions)
      .values({
        userId: user.id,
        name: current.name,
        modelId: current.modelId,
        assistantId: current.assistantId,
        action: current.action,
      })
      .returning({ id: dialogSessions.id });
    await tx.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    return { sessionId: session.id };
  });
}
