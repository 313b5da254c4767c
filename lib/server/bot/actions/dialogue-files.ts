import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import type { ActiveSession } from "../session";
import { documentTurn } from "./document";
import { hasSound, isImageFile, type IncomingFile } from "./incoming";
import { photoQuestionTurn } from "./photo-question";
import { voiceQuestionTurn } from "./voice-question";

// What a text dialogue takes besides typed text, as people send it in a messenger chat: a voice
// note (or any recording) is heard and answered, a picture is shown to the model, a document is read
// into the dialogue at the document's price. Retry runs a failed one again through here (rerun.ts).

export function dialogueFileTurn(turn: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  file: IncomingFile;
}): Promise<void> {
  if (isImageFile(turn.file)) return photoQuestionTurn(turn);
  if (hasSound(turn.file)) return voiceQuestionTurn(turn);
  return documentTurn(turn);
}
