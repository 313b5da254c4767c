import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { dialogSessions, users } from "@/db/schema";
import type { ActionType } from "@/lib/contracts/assistants";
import type { ImageAction, LaunchResponse } from "@/lib/contracts/models";
import type { ModelAction } from "@/lib/shared/model-actions";
import { botText } from "@/lib/server/bot/bot-text";
import { queueBotMessage } from "@/lib/server/bot/outbox";
import { assertAssistantRunsOn, getAssistantOrThrow } from "@/lib/server/catalogue/assistants";
import { getLaunchableModelOrThrow, getModelOrThrow } from "@/lib/server/catalogue/models";
import type { ModelRow } from "@/lib/server/catalogue/access-rules";
import { ApiError } from "@/lib/server/http/api-error";
import { userLanguage, type Caller } from "@/lib/server/users";

// Every launch call ends here: a new dialogue session (visible in history), made the caller's
// active one, and a message queued to the caller's bot chat, all in one transaction.

const IMAGE_ACTIONS: readonly ModelAction[] = ["text_to_image", "generate_image"];

async function startSession({
  db,
  user,
  model,
  action,
  assistant,
}: {
  db: Db;
  user: Caller;
  model: ModelRow;
  action: ModelAction;
  assistant?: { id: number; name: string; nameEn: string | null };
}): Promise<LaunchResponse> {
  const assistantName =
    assistant && (userLanguage(user) === "en" ? (assistant.nameEn ?? assistant.name) : assistant.name);
  const name = assistantName ?? model.displayName;
  const text = assistantName
    ? botText(user.language)("assistantStarted", { assistant: assistantName, model: model.displayName })
    : botText(user.language)(`start_${action}`, { model: model.displayName });
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(dialogSessions)
      .values({ userId: user.id, name, modelId: model.id, assistantId: assistant?.id ?? null, action })
      .returning({ id: dialogSessions.id });
    await tx.update(users).set({ activeSessionId: session.id }).where(eq(users.id, user.id));
    await queueBotMessage({ db: tx, userId: user.id, chatId: user.telegramId, text });
    return session.id;
  });
  return {
    success: true,
    session_id: sessionId,
    name,
    model_name: model.modelName,
    action,
    assistant_id: assistant?.id ?? null,
  };
}

/** POST /api/models/session and GET /api/models/text/session: a model with one of its actions. */
export async function launchModel({
  db,
  user,
  modelId,
  action,
}: {
  db: Db;
  user: Caller;
  modelId: number;
  action?: ModelAction;
}): Promise<LaunchResponse> {
  const chosen = action ?? (await getModelOrThrow({ db, modelId })).actions[0];
  if (!chosen) throw new ApiError("bad_request", "The model has no actions");
  const model = await getLaunchableModelOrThrow({ db, subscription: user.subscription, modelId, action: chosen });
  return startSession({ db, user, model, action: chosen });
}

/** GET /api/models/image/session: an image model; without `action` its first image action. */
export async function launchImageModel({
  db,
  user,
  modelId,
  action,
}: {
  db: Db;
  user: Caller;
  modelId: number;
  action?: ImageAction;
}): Promise<LaunchResponse> {
  const chosen = action ?? (await getModelOrThrow({ db, modelId })).actions.find((a) => IMAGE_ACTIONS.includes(a));
  if (!chosen) throw new ApiError("bad_request", "The model does not work with images");
  return launchModel({ db, user, modelId, action: chosen });
}

/** GET /api/assistants/id: a text assistant with a text model. */
export async function launchAssistant({
  db,
  user,
  assistantId,
  modelId,
}: {
  db: Db;
  user: Caller;
  assistantId: number;
  modelId: number;
}): Promise<LaunchResponse> {
  const assistant = await getAssistantOrThrow({ db, assistantId });
  if (assistant.type !== "text") {
    throw new ApiError("bad_request", "This is an image assistant: start it with create_image_assistant_session");
  }
  assertAssistantRunsOn(assistant, modelId);
  const model = await getLaunchableModelOrThrow({ db, subscription: user.subscription, modelId, action: "text" });
  return startSession({ db, user, model, action: "text", assistant });
}

/** action_type text creates from a description (text_to_image); photo edits the user's photo (generate_image). */
export const imageActionFor = (actionType: ActionType): ImageAction =>
  actionType === "photo" ? "generate_image" : "text_to_image";

/** GET /api/assistants/create_image_assistant_session: an image assistant with an image model. */
export async function launchImageAssistant({
  db,
  user,
  assistantId,
  modelId,
  actionType,
}: {
  db: Db;
  user: Caller;
  assistantId: number;
  modelId: number;
  actionType: ActionType;
}): Promise<LaunchResponse> {
  const assistant = await getAssistantOrThrow({ db, assistantId });
  if (assistant.type !== "generating_image") {
    throw new ApiError("bad_request", "This is a text assistant: start it with /api/assistants/id");
  }
  assertAssistantRunsOn(assistant, modelId);
  const model = await getLaunchableModelOrThrow({
    db,
    subscription: user.subscription,
    modelId,
    action: imageActionFor(actionType),
  });
  return startSession({ db, user, model, action: imageActionFor(actionType), assistant });
}
