import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { botText } from "../bot-text";
import { answerText } from "../dialogue";
import { activeSession } from "../session";
import type { BotTurn } from "../turns";
import { noiseRemovalTurn } from "./audio";
import { dialogueFileTurn } from "./dialogue-files";
import { documentTurn } from "./document";
import { voiceOverTurn, voiceTranslationTurn } from "./dubbing";
import { editImageTurn, generateImageTurn } from "./image";
import type { IncomingFile } from "./incoming";
import { transcribeTurn } from "./transcribe";

// Retry and Other model run a failed turn again with what it was given: its text, or the Telegram
// file it kept (a text dialogue's voice note, picture or document too) (fetched again by its file_id; the user uploads nothing), in the session it ran in,
// with that session's model now (Other model has just changed it). It is a new turn, paid anew.

export async function runTurnAgain({
  ctx,
  db,
  user,
  turn,
}: {
  ctx: Context;
  db: Db;
  user: User;
  turn: BotTurn;
}): Promise<void> {
  if (turn.action === "text" && !turn.input)
    return answerText({ ctx, db, user, text: turn.userText, sessionId: turn.sessionId });
  const active = await activeSession({ db, user: { ...user, activeSessionId: turn.sessionId } });
  if (!active) {
    await ctx.reply(botText(user.language)("noSession"));
    return;
  }
  const file = turn.input as IncomingFile | null;
  const run = { ctx, db, user, active };
  if (!file) {
    if (turn.action === "text_to_image") return generateImageTurn({ ...run, prompt: turn.userText });
    if (turn.action === "dubbing") return voiceOverTurn({ ...run, text: turn.userText });
    return;
  }
  const withFile = { ...run, file };
  switch (turn.action) {
    case "text":
      return dialogueFileTurn(withFile);
    case "generate_image":
      return editImageTurn(withFile);
    case "speech_to_text":
      return transcribeTurn(withFile);
    case "noise_removal":
      return noiseRemovalTurn(withFile);
    case "dubbing":
      return voiceTranslationTurn(withFile);
    case "files":
      return documentTurn(withFile);
  }
}
