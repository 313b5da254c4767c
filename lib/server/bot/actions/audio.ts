import "server-only";
import { InputFile, type Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { getAiProvider, type AiFile } from "@/lib/server/ai/provider";
import { extensionFor } from "@/lib/server/storage/keys";
import { saveTurn, sessionPrice, type ActiveSession } from "../session";
import { downloadTelegramFile, keepResultFile, keepUserFile } from "../telegram-files";
import type { IncomingFile } from "./incoming";
import { costLine, paidTurn, refusedAsTooLarge, startedMinutes } from "./paid-turn";

// noise_removal: the user's recording cleaned (AUDIO_CLEANUP_URL, or the ffmpeg filter chain) and
// sent back, per started minute of the recording.

/**
 * Audio the bot produced, with its note (if any) and the cost line. OGG/Opus (the ffmpeg chain's
 * output) goes as a voice message, the one format Telegram plays as such; anything else (MP3 from
 * the speech API) as an audio file for the music player.
 */
export async function sendAudioResult({
  ctx,
  audio,
  name,
  costLine,
}: {
  ctx: Context;
  audio: AiFile;
  name: string;
  costLine: string;
}): Promise<void> {
  const caption = [audio.note, costLine].filter(Boolean).join("\n");
  const file = new InputFile(audio.data, `${name}.${extensionFor(audio.contentType)}`);
  if (audio.contentType.split(";")[0].trim() === "audio/ogg") await ctx.replyWithVoice(file, { caption });
  else await ctx.replyWithAudio(file, { caption });
}

export async function noiseRemovalTurn({
  ctx,
  db,
  user,
  active,
  file,
}: {
  ctx: Context;
  db: Db;
  user: User;
  active: ActiveSession;
  file: IncomingFile;
}): Promise<void> {
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
    chatAction: "upload_voice",
    run: async ({ signal, spent, left }) => {
      const input = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
      const cleaned = await getAiProvider().cleanAudio({
        audio: input.data,
        filename: file.filename,
        signal,
        lang: user.language,
      });
      const userFileUrl = await keepUserFile({ file: input, contentType: file.contentType });
      const aiFileUrl = await keepResultFile(cleaned);
      await sendAudioResult({
        ctx,
        audio: cleaned,
        name: "cleaned",
        costLine: costLine({ lang, kind: "audio_tokens", spent, left }),
      });
      await saveTurn({
        db,
        sessionId: active.session.id,
        turn: { userText: file.caption || null, userFileUrl, userFileName: file.originalName, aiFileUrl },
      });
    },
  });
}
