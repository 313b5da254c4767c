import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { env } from "@/lib/env";
import { completeChat, getAiProvider } from "@/lib/server/ai/provider";
import { botText } from "../bot-text";
import { saveTurn, sessionPrice, type ActiveSession } from "../session";
import { downloadTelegramFile, keepResultFile, keepUserFile } from "../telegram-files";
import { sendAudioResult } from "./audio";
import { replyPlain, type IncomingFile } from "./incoming";
import { costLine, paidTurn, refusedAsTooLarge, startedMinutes, TurnRefused } from "./paid-turn";

// dubbing: a text is voiced over by the session's speech model; a recording is translated
// (DUBBING_TRANSCRIBE_MODEL, then DUBBING_TRANSLATE_MODEL) and voiced in the other language.
// The model's price per started minute: of the recording, or for a voice-over of the speech the text
// makes at about 15 characters a second.

/** The speech API takes at most this many characters of input. */
export const SPEECH_MAX_CHARS = 4096;
export const SPOKEN_CHARS_PER_MINUTE = 900;

type Turn = { ctx: Context; db: Db; user: User; active: ActiveSession };

const LANGUAGE_NAMES = { ru: "Russian", en: "English" } as const;

/** Instructions for the translating model: the caption's wish, else the user's language (or English when the speech already is in it). */
function translationPrompt(lang: string, caption: string): string {
  const target = lang === "en" ? LANGUAGE_NAMES.en : LANGUAGE_NAMES.ru;
  const other = lang === "en" ? LANGUAGE_NAMES.ru : LANGUAGE_NAMES.en;
  const rule = caption
    ? `Translate it as the user asked: "${caption}". If that names no language, translate it into ${target}, or into ${other} when it already is in ${target}.`
    : `Translate it into ${target}, or into ${other} when it already is in ${target}.`;
  return `You translate a speech transcript for a voice-over. ${rule} Keep the meaning and tone, make it sound natural when spoken, and answer with the translation only.`;
}

/** Voice-over: the text spoken by the session's speech model, sent as audio. */
export async function voiceOverTurn({ ctx, db, user, active, text }: Turn & { text: string }): Promise<void> {
  const lang = user.language;
  if (text.length > SPEECH_MAX_CHARS) {
    await ctx.reply(botText(lang)("voiceOverTooLong", { max: SPEECH_MAX_CHARS, length: text.length }));
    return;
  }
  const minutes = Math.max(1, Math.ceil(text.length / SPOKEN_CHARS_PER_MINUTE));
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text },
    cost: await sessionPrice({ db, active }),
    quantity: minutes,
    chatAction: "record_voice",
    run: async ({ signal, spent, left }) => {
      const speech = await getAiProvider().speech({ model: active.modelName, text, signal, lang });
      const aiFileUrl = await keepResultFile(speech);
      await sendAudioResult({
        ctx,
        audio: speech,
        name: "voice-over",
        costLine: costLine({ lang, kind: "audio_tokens", spent, left }),
      });
      await saveTurn({ db, sessionId: active.session.id, turn: { userText: text, aiFileUrl } });
    },
  });
}

/** Voice translation: transcribe, translate, speak; the translation is also sent as text. */
export async function voiceTranslationTurn({
  ctx,
  db,
  user,
  active,
  file,
}: Turn & { file: IncomingFile }): Promise<void> {
  const lang = user.language;
  if (await refusedAsTooLarge({ ctx, lang, size: file.size })) return;
  const minutes = startedMinutes(file.durationSeconds);
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text: file.caption, file },
    cost: await sessionPrice({ db, active }),
    quantity: minutes,
    chatAction: "record_voice",
    run: async ({ signal, spent, left }) => {
      const ai = getAiProvider();
      const input = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
      const { text: transcript } = await ai.transcribe({
        model: env.DUBBING_TRANSCRIBE_MODEL,
        audio: input.data,
        filename: file.filename,
        signal,
        lang,
      });
      if (!transcript.trim()) throw new TurnRefused("noSpeech");
      const translated = await completeChat(ai, {
        model: env.DUBBING_TRANSLATE_MODEL,
        messages: [
          { role: "system", content: translationPrompt(lang, file.caption) },
          { role: "user", content: transcript },
        ],
        signal,
        lang,
      });
      const translation = translated.text.trim().slice(0, SPEECH_MAX_CHARS);
      if (!translation) throw new Error("The translating model answered nothing");
      const speech = await ai.speech({ model: active.modelName, text: translation, signal, lang });
      const userFileUrl = await keepUserFile({ file: input, contentType: file.contentType });
      const aiFileUrl = await keepResultFile(speech);
      await replyPlain({ ctx, text: translation });
      await sendAudioResult({
        ctx,
        audio: speech,
        name: "translation",
        costLine: costLine({ lang, kind: "audio_tokens", spent, left }),
      });
      await saveTurn({
        db,
        sessionId: active.session.id,
        turn: {
          userText: file.caption || null,
          userFileUrl,
          userFileName: file.originalName,
          aiText: translation,
          aiFileUrl,
        },
      });
    },
  });
}
