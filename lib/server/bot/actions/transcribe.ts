import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { getAiProvider } from "@/lib/server/ai/provider";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { saveTurn, sessionPrice, type ActiveSession } from "../session";
import { downloadTelegramFile, keepUserFile } from "../telegram-files";
import { replyPlain, type IncomingFile } from "./incoming";
import { costLine, paidTurn, refusedAsTooLarge, spendAfterTurn, startedMinutes, TurnRefused } from "./paid-turn";

// speech_to_text: a voice message or audio file becomes text, sent back and kept in history.
// Priced per started minute of Telegram's duration; a file Telegram gave no length for reserves one
// minute and is settled by the length the transcriber reports.

export async function transcribeTurn({
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
  const reserved = startedMinutes(file.durationSeconds);
  const cost = await sessionPrice({ db, active });
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text: file.caption, file },
    cost,
    quantity: reserved,
    chatAction: "typing",
    run: async ({ signal, spent, left }) => {
      const audio = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
      const { text, durationSeconds } = await getAiProvider().transcribe({
        model: active.modelName,
        audio: audio.data,
        filename: file.filename,
        signal,
        lang,
      });
      if (!text.trim()) throw new TurnRefused("noSpeech");
      const userFileUrl = await keepUserFile({ file: audio, contentType: file.contentType });
      const extra = jobUnits(cost, file.durationSeconds === undefined ? startedMinutes(durationSeconds) - reserved : 0);
      if (extra > 0) {
        left = await spendAfterTurn({ db, userId: user.id, kind: cost.kind, amount: extra });
        spent += extra;
      }
      await replyPlain({ ctx, text: text.trim(), footer: costLine({ lang, kind: cost.kind, spent, left }) });
      await saveTurn({
        db,
        sessionId: active.session.id,
        turn: { userText: file.caption || null, userFileUrl, userFileName: file.originalName, aiText: text.trim() },
      });
    },
  });
}
