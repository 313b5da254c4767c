import "server-only";
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Context } from "grammy";
import type { Db } from "@/db";
import { dialogMessages, dialogSessions, type User } from "@/db/schema";
import { env } from "@/lib/env";
import { getAiProvider } from "@/lib/server/ai/provider";
import { recordModelUsage } from "@/lib/server/catalogue/usage";
import { ApiError } from "@/lib/server/http/api-error";
import { log } from "@/lib/server/log";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { botText } from "../bot-text";
import { abortedForShutdown, withHandOver } from "../hand-over";
import { changeModelKeyboard } from "../model-choice";
import { tariffsKeyboard } from "../replies";
import type { ActiveSession } from "../session";
import { keepResultFile } from "../telegram-files";
import { endPaidTurn, startPaidTurn } from "../turn-reservations";
import { endTurn } from "../turns";
import { sendAudioResult } from "./audio";
import { dialogueHelper } from "./dialogue-models";
import { SPOKEN_CHARS_PER_MINUTE } from "./dubbing";
import { costLine } from "./paid-turn";

// Spoken answers (/voice, or the button under an answer's cost line): a dialogue can have each text
// answer voiced after it is sent, by the speech model of dubbing (dialogue-models.ts), as OGG/Opus
// sent with sendVoice. It is a voice-over of the answer, priced as one (a started minute of that
// model's audio price per 900 characters), up to BOT_VOICE_ANSWER_MAX_CHARS of it. The voice is a
// paid turn of its own, reserved before the speech call and given back when it fails; the text
// answer is already delivered and paid, so nothing here fails the text turn.

/** Callback data `voice:<sessionId>`: turn that dialogue's spoken answers on or off. */
export const VOICE_PREFIX = "voice:";

// The sessions whose answers are text turns (dialogue.ts): a model's or an assistant's, and a document's follow-ups.
const TEXT_DIALOGUES = ["text", "files"];

/** Under a text answer's cost line: change the model, and spoken answers on or off for this dialogue. */
export const answerKeyboard = (lang: string, session: { id: number; voiceAnswers: boolean }) =>
  changeModelKeyboard(lang).text(
    botText(lang)(session.voiceAnswers ? "voiceButtonOff" : "voiceButtonOn"),
    `${VOICE_PREFIX}${session.id}`,
  );

/**
 * /voice (the active dialogue) or the button (`sessionId`, the dialogue it was under): flips the
 * dialogue's spoken answers and says which way; only the user's own text dialogues.
 */
export async function toggleVoiceAnswers({
  ctx,
  db,
  user,
  sessionId = user.activeSessionId,
}: {
  ctx: Context;
  db: Db;
  user: User;
  sessionId?: number | null;
}): Promise<void> {
  const lang = user.language;
  const [session] = sessionId
    ? await db
        .update(dialogSessions)
        .set({ voiceAnswers: sql`not ${dialogSessions.voiceAnswers}` })
        .where(
          and(
            eq(dialogSessions.id, sessionId),
            eq(dialogSessions.userId, user.id),
            inArray(dialogSessions.action, TEXT_DIALOGUES),
          ),
        )
        .returning({ id: dialogSessions.id, voiceAnswers: dialogSessions.voiceAnswers })
    : [];
  if (ctx.callbackQuery) {
    await ctx.answerCallbackQuery().catch(() => {});
    // The pressed button shows the new state.
    if (session) await ctx.editMessageReplyMarkup({ reply_markup: answerKeyboard(lang, session) }).catch(() => {});
  }
  if (!session) return void (await ctx.reply(botText(lang)("voiceNeedsTextDialogue")));
  await ctx.reply(botText(lang)(session.voiceAnswers ? "voiceOn" : "voiceOff"));
}

/** What of a Markdown answer is read aloud: its words without the marks (code blocks left out), at most `max` characters, cut after a sentence. */
export function speakableText(markdown: string, max: number): { text: string; cut: boolean } {
  const plain = markdown
    .replace(/```[\s\S]*?(```|$)/g, "")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, "")
    .replace(/(\*\*|__|\*|_|~~)(?=\S)([\s\S]*?\S)\1/g, "$2")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (plain.length <= max) return { text: plain, cut: false };
  const head = plain.slice(0, max);
  const end = Math.max(...[". ", "! ", "? ", "\n"].map((mark) => head.lastIndexOf(mark)));
  return { text: (end > max * 0.6 ? head.slice(0, end + 1) : head).trim(), cut: true };
}

/** The voice kept with the answer it speaks: the session's newest message, written just before. */
async function keepWithAnswer({ db, sessionId, key }: { db: Db; sessionId: number; key: string }): Promise<void> {
  const newest = db
    .select({ id: dialogMessages.id })
    .from(dialogMessages)
    .where(eq(dialogMessages.sessionId, sessionId))
    .orderBy(desc(dialogMessages.id))
    .limit(1);
  await db
    .update(dialogMessages)
    .set({ aiFileUrl: key })
    .where(and(inArray(dialogMessages.id, newest), isNull(dialogMessages.aiFileUrl)));
}

/** Voices a text answer just sent, when the dialogue asked for spoken answers; failures are told and logged, never thrown. */
export async function speakAnswer(answer: SpokenAnswer): Promise<void> {
  try {
    await speak(answer);
  } catch (error) {
    log().error({ err: error }, `[bot] spoken answer for session ${answer.active.session.id} failed`);
  }
}

type SpokenAnswer = { ctx: Context; db: Db; user: User; active: ActiveSession; text: string };

async function speak({ ctx, db, user, active, text }: SpokenAnswer): Promise<void> {
  const lang = user.language;
  const speaker = await dialogueHelper({ db, action: "dubbing", named: env.BOT_SPEECH_MODEL });
  const spoken = speakableText(text, env.BOT_VOICE_ANSWER_MAX_CHARS);
  if (!speaker || !spoken.text) {
    if (!speaker) log().warn("[bot] spoken answers are on, but the catalogue has no enabled dubbing model");
    return;
  }
  const minutes = Math.max(1, Math.ceil(spoken.text.length / SPOKEN_CHARS_PER_MINUTE));
  const amount = jobUnits(speaker.cost, minutes);
  let started: Awaited<ReturnType<typeof startPaidTurn>>;
  try {
    started = await startPaidTurn({
      db,
      turn: {
        userId: user.id,
        chatId: ctx.chat!.id,
        sessionId: active.session.id,
        modelId: speaker.id,
        userText: spoken.text,
        action: "dubbing",
      },
      kind: speaker.cost.kind,
      amount,
      modelName: speaker.modelName,
    });
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== "payment_required") throw error;
    await ctx.reply(botText(lang)("voiceAnswerNoQuota"), { reply_markup: tariffsKeyboard(lang) });
    return;
  }
  const { turn, spent } = started;
  const signal = withHandOver(AbortSignal.timeout(env.AI_TIMEOUT_SECONDS * 1000));
  void ctx.replyWithChatAction("record_voice").catch(() => {});
  try {
    const voice = await getAiProvider().speech({
      model: speaker.modelName,
      text: spoken.text,
      format: "opus",
      signal,
      lang,
    });
    const key = await keepResultFile(voice);
    const caption = [
      spoken.cut && botText(lang)("voiceAnswerCut", { count: spoken.text.length }),
      costLine({ lang, kind: speaker.cost.kind, spent: amount, left: spent.left }),
    ]
      .filter(Boolean)
      .join("\n");
    await sendAudioResult({ ctx, audio: voice, name: "answer", costLine: caption });
    await endTurn({ db, turnId: turn.id, status: "done" });
    await Promise.all([
      keepWithAnswer({ db, sessionId: active.session.id, key }),
      recordModelUsage({ db, userId: user.id, modelName: speaker.modelName, action: "dubbing", quantity: minutes }),
    ]);
  } catch (error) {
    // Shutdown: the text answer is delivered, so the update is not run again; the voice is only given back.
    const handedOver = abortedForShutdown(signal);
    await endPaidTurn({ db, turnId: turn.id, status: handedOver ? "handed_over" : "failed" });
    if (handedOver) return;
    log().error({ err: error }, `[bot] spoken answer of session ${active.session.id} failed; its units given back`);
    await ctx.reply(botText(lang)("voiceAnswerFailed")).catch(() => {});
  }
}
