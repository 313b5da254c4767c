import "server-only";
import { fileTypeFromBuffer } from "file-type";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { botText } from "../bot-text";
import { imageQuestion } from "../context";
import { answerText } from "../dialogue";
import { withHandOver } from "../hand-over";
import { modelKeyboard, openModels } from "../model-choice";
import { tariffsKeyboard } from "../replies";
import type { ActiveSession } from "../session";
import { downloadTelegramFile, keepUserFile } from "../telegram-files";
import { RERUN_PREFIX } from "../turn-preview";
import { endTurn, insertTurn, startTurn, type NewTurn } from "../turns";
import { isSeenImage, type IncomingFile } from "./incoming";
import { endFailedTurn, refusedAsTooLarge, TurnRefused } from "./paid-turn";

// A photo (or a picture sent as a document) in a text dialogue: the session's model sees it as an
// image part of the chat request, with the caption as the question and the dialogue as context,
// and the turn is paid like typed text, by the tokens the provider reports (pictures included).
// A model that cannot see answers with the models of the user's tariff that can; choosing one moves
// the dialogue to it and answers the photo there.

type PhotoTurn = { ctx: Context; db: Db; user: User; active: ActiveSession; file: IncomingFile };

/** The picture, downloaded and checked by its bytes: what a model that sees takes. */
async function seenPicture({ ctx, file, signal }: { ctx: Context; file: IncomingFile; signal: AbortSignal }) {
  const downloaded = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
  const contentType = (await fileTypeFromBuffer(downloaded.data))?.mime;
  if (!contentType || !isSeenImage({ ...file, contentType })) throw new TurnRefused("imageUnsupported");
  return { downloaded, image: { data: downloaded.data, contentType } };
}

export async function photoQuestionTurn(photo: PhotoTurn): Promise<void> {
  const { ctx, db, user, active, file } = photo;
  const lang = user.language;
  if (await refusedAsTooLarge({ ctx, lang, size: file.size })) return;
  if (!isSeenImage(file)) return void (await ctx.reply(botText(lang)("imageUnsupported")));
  const row: NewTurn = {
    db,
    userId: user.id,
    chatId: ctx.chat!.id,
    sessionId: active.session.id,
    modelId: active.session.modelId,
    userText: file.caption,
    action: active.session.action,
    input: file,
  };
  if (!active.modelVision) return offerModelsThatSee({ ...photo, row });
  const turn = await startTurn(row);
  let picture: Awaited<ReturnType<typeof seenPicture>>;
  let key: string;
  const signal = withHandOver(AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000));
  try {
    picture = await seenPicture({ ctx, file, signal });
    key = await keepUserFile({ file: picture.downloaded, contentType: picture.image.contentType });
  } catch (error) {
    return endFailedTurn({
      ...photo,
      turnId: turn.id,
      error,
      signal,
      what: "photo of turn",
      end: (status) => endTurn({ db, turnId: turn.id, status }),
    });
  }
  // Without a caption the bot asks for a description; history keeps only what the user wrote.
  const asked = file.caption || botText(lang)("photoQuestion");
  await answerText({
    ctx,
    db,
    user,
    active,
    text: file.caption,
    question: { turn, content: imageQuestion(asked, picture.image), file: { key, name: file.originalName } },
  });
}

/**
 * The session's model cannot see: the models of the user's tariff that can, as buttons. The photo is
 * kept as a turn that did not run (failed, nothing charged), so a button moves the dialogue to that
 * model and answers the photo there, once (steering.ts rerunWithModel).
 */
async function offerModelsThatSee({ ctx, db, user, active, row }: PhotoTurn & { row: NewTurn }): Promise<void> {
  const lang = user.language;
  const seeing = (await openModels({ db, userId: user.id, action: active.session.action })).filter((m) => m.vision);
  if (!seeing.length) {
    await ctx.reply(botText(lang)("visionNone", { model: active.modelDisplayName }), {
      reply_markup: tariffsKeyboard(lang),
    });
    return;
  }
  const turn = await insertTurn(row);
  await endTurn({ db, turnId: turn.id, status: "failed" });
  await ctx.reply(botText(lang)("visionUnavailable", { model: active.modelDisplayName }), {
    reply_markup: modelKeyboard(seeing, (m) => `${RERUN_PREFIX}${turn.id}:${m.id}`),
  });
}
