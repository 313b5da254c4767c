import "server-only";
import type { Context } from "grammy";
import type { Message } from "grammy/types";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { PICKER_TYPES, type PickerType } from "@/lib/shared/model-actions";
import { botText } from "../bot-text";
import { answerText } from "../dialogue";
import type { ContextRow } from "../context";
import { webAppKeyboard } from "../replies";
import { endedForDisabledModel, type ActiveSession } from "../session";
import { noiseRemovalTurn } from "./audio";
import { dialogueFileTurn } from "./dialogue-files";
import { documentTurn } from "./document";
import { voiceOverTurn, voiceTranslationTurn } from "./dubbing";
import { editImageTurn, generateImageTurn } from "./image";
import { incomingFileOf, hasSound, isImageFile } from "./incoming";
import { transcribeTurn } from "./transcribe";

// Which action answers a message: the active session's `action` decides. Text goes to the text
// dialogue unless the session draws or voices text; files go to the session's file action, and a
// text dialogue takes voice, pictures and documents too (dialogue-files.ts); a message the action
// cannot use gets the action's own "send me …" line.

type Incoming = { ctx: Context; db: Db; user: User };

// The actions the chat serves are the pickers' (lib/shared/model-actions.ts); video is made in the mini-app, so its "send me …" lines would mislead here.
const isChatAction = (action: string): action is PickerType => (PICKER_TYPES as readonly string[]).includes(action);

/** The session's "ready, send me …" line, for a message of the wrong kind. */
async function replyWithHint({ ctx, user, active }: Incoming & { active: ActiveSession }) {
  const { action } = active.session;
  const hint = isChatAction(action)
    ? botText(user.language)(`start_${action}`, { model: active.modelDisplayName })
    : botText(user.language)("actionNotSupported");
  await ctx.reply(hint);
}

/** `active`: the sender's active session, read with the sender (bot.ts). */
export async function handleTextMessage({
  ctx,
  db,
  user,
  active,
  textLeft,
  latest,
  text,
}: Incoming & {
  active: ActiveSession | null;
  textLeft?: number | null;
  latest?: ContextRow[];
  text: string;
}): Promise<void> {
  if (await endedForDisabledModel({ ctx, db, user, active })) return;
  switch (active?.session.action) {
    case "text_to_image":
      return generateImageTurn({ ctx, db, user, active, prompt: text });
    case "dubbing":
      return voiceOverTurn({ ctx, db, user, active, text });
    case "generate_image":
    case "speech_to_text":
    case "noise_removal":
      return replyWithHint({ ctx, db, user, active });
    default:
      // Text and document sessions (a follow-up question), no session, and the video actions the mini-app serves.
      return answerText({ ctx, db, user, text, active, textLeft, latest });
  }
}

/** A photo, voice message, audio file, video, video note or document. */
export async function handleFileMessage({
  ctx,
  db,
  user,
  active,
  message,
}: Incoming & { active: ActiveSession | null; message: Message }): Promise<void> {
  if (await endedForDisabledModel({ ctx, db, user, active })) return;
  if (!active) {
    await ctx.reply(botText(user.language)("noSession"), { reply_markup: webAppKeyboard(user.language) });
    return;
  }
  const file = incomingFileOf(message);
  if (!file) return replyWithHint({ ctx, db, user, active });
  const turn = { ctx, db, user, active, file };
  switch (active.session.action) {
    case "text":
      return dialogueFileTurn(turn);
    case "generate_image":
      if (isImageFile(file)) return editImageTurn(turn);
      break;
    case "speech_to_text":
      if (hasSound(file)) return transcribeTurn(turn);
      break;
    case "noise_removal":
      if (hasSound(file)) return noiseRemovalTurn(turn);
      break;
    case "dubbing":
      if (hasSound(file)) return voiceTranslationTurn(turn);
      break;
    case "files":
      if (message.document) return documentTurn(turn);
      break;
  }
  return replyWithHint({ ctx, db, user, active });
}
