import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { getAiProvider } from "@/lib/server/ai/provider";
import { recordModelUsage } from "@/lib/server/catalogue/usage";
import { ApiError } from "@/lib/server/http/api-error";
import { log } from "@/lib/server/log";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { botText } from "../bot-text";
import { answerText } from "../dialogue";
import { withHandOver } from "../hand-over";
import { tariffsKeyboard } from "../replies";
import { quotaLeft, type ActiveSession } from "../session";
import { downloadTelegramFile, keepUserFile } from "../telegram-files";
import { endPaidTurn, reserveMore, startPaidTurn } from "../turn-reservations";
import { dialogueHelper } from "./dialogue-models";
import type { IncomingFile } from "./incoming";
import { endFailedTurn, refusedAsTooLarge, startedMinutes, TurnRefused } from "./paid-turn";

// A voice message, audio file or video note in a text dialogue: transcribed by the dialogue's
// transcriber (dialogue-models.ts), the transcript shown as a collapsed quote, then answered by the
// session's model as if typed, in the same turn, with the dialogue as context (dialogue.ts). One
// row holds the whole turn: the transcription's audio minutes are reserved with it before anything
// is downloaded, and go back with it when no answer is paid (a failed transcription or answer, a
// cut-off, a stop before any text, a hand-over), so the turn is charged its minutes and its tokens
// once, or nothing (docs/decisions/0492-a-voice-note-is-one-turn.md).

// The transcript shown in the chat stays within one message with its label.
const TRANSCRIPT_SHOWN = 3500;

type VoiceTurn = { ctx: Context; db: Db; user: User; active: ActiveSession; file: IncomingFile };

/** What the user said, as a collapsed quote under a label (entities: nothing in it is read as formatting). */
async function showTranscript(ctx: Context, lang: string, transcript: string): Promise<void> {
  const label = botText(lang)("voiceHeard");
  const shown = transcript.length > TRANSCRIPT_SHOWN ? `${transcript.slice(0, TRANSCRIPT_SHOWN - 1)}…` : transcript;
  await ctx
    .reply(`${label}\n${shown}`, {
      entities: [{ type: "expandable_blockquote", offset: label.length + 1, length: shown.length }],
    })
    .catch((error) => log().warn({ err: error }, "[bot] transcript not shown"));
}

export async function voiceQuestionTurn({ ctx, db, user, active, file }: VoiceTurn): Promise<void> {
  const lang = user.language;
  if (await refusedAsTooLarge({ ctx, lang, size: file.size })) return;
  // Minutes are not spent on a question that could not be answered.
  if ((await quotaLeft({ db, userId: user.id, kind: "text_tokens" })) <= 0)
    return void (await ctx.reply(botText(lang)("noQuota"), { reply_markup: tariffsKeyboard(lang) }));
  const transcriber = await dialogueHelper({ db, action: "speech_to_text", named: env.BOT_TRANSCRIBE_MODEL });
  if (!transcriber) {
    log().warn("[bot] a voice note in a text dialogue, but the catalogue has no enabled speech_to_text model");
    return void (await ctx.reply(botText(lang)("actionNotSupported")));
  }
  const reservedMinutes = startedMinutes(file.durationSeconds);
  let started: Awaited<ReturnType<typeof startPaidTurn>>;
  try {
    started = await startPaidTurn({
      db,
      turn: {
        userId: user.id,
        chatId: ctx.chat!.id,
        sessionId: active.session.id,
        modelId: active.session.modelId,
        userText: file.caption,
        action: active.session.action,
        input: file,
      },
      kind: transcriber.cost.kind,
      amount: jobUnits(transcriber.cost, reservedMinutes),
      modelName: transcriber.modelName,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "payment_required") throw error;
    return void (await ctx.reply(botText(lang)("noAudioQuota"), { reply_markup: tariffsKeyboard(lang) }));
  }
  const { turn } = started;
  let { left } = started.spent;
  let units = jobUnits(transcriber.cost, reservedMinutes);
  let heard: { text: string; key: string };
  const signal = withHandOver(AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000));
  void ctx.replyWithChatAction("typing").catch(() => {});
  try {
    const audio = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
    const result = await getAiProvider().transcribe({
      model: transcriber.modelName,
      audio: audio.data,
      filename: file.filename,
      signal,
      lang,
    });
    if (!result.text.trim()) throw new TurnRefused("noSpeech");
    heard = { text: result.text.trim(), key: await keepUserFile({ file: audio, contentType: file.contentType }) };
    await recordModelUsage({
      db,
      userId: user.id,
      modelName: transcriber.modelName,
      action: "speech_to_text",
      quantity: startedMinutes(result.durationSeconds ?? file.durationSeconds),
    });
    // A file Telegram gave no length for reserved a minute; the minutes the transcriber heard past it
    // are held by the row too. A balance too short for them leaves the minute reserved.
    const extra = file.durationSeconds === undefined ? startedMinutes(result.durationSeconds) - reservedMinutes : 0;
    const more =
      extra > 0 &&
      (await reserveMore({ db, turnId: turn.id, userId: user.id, amount: jobUnits(transcriber.cost, extra) }));
    if (more) {
      units += jobUnits(transcriber.cost, extra);
      left = more.left;
    }
  } catch (error) {
    return endFailedTurn({
      ctx,
      db,
      user,
      active,
      turnId: turn.id,
      error,
      signal,
      what: "voice note of turn",
      end: (status) => endPaidTurn({ db, turnId: turn.id, status }),
    });
  }
  await showTranscript(ctx, lang, heard.text);
  await answerText({
    ctx,
    db,
    user,
    active,
    text: heard.text,
    question: { turn, file: { key: heard.key, name: file.originalName }, reserved: { units, left } },
  });
}
