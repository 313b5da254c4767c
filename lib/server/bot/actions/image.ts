import "server-only";
import { GrammyError, InputFile, type Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { getAiProvider, type AiFile } from "@/lib/server/ai/provider";
import { log } from "@/lib/server/log";
import { extensionFor } from "@/lib/server/storage/keys";
import { botText } from "../bot-text";
import { saveTurn, sessionPrice, type ActiveSession } from "../session";
import { downloadTelegramFile, keepResultFile, keepUserFile } from "../telegram-files";
import type { IncomingFile } from "./incoming";
import { costLine, paidTurn, refusedAsTooLarge } from "./paid-turn";

// Image actions: text_to_image draws from the user's text, generate_image edits the user's photo by
// its caption. An image assistant's instructions ("minimalist vector logo", "restore and colourise
// the old photo") lead the prompt, so its photo needs no caption. Each picture costs the model's
// price per image; the result comes back as a photo and is kept in history.

type Turn = { ctx: Context; db: Db; user: User; active: ActiveSession };

// Telegram takes a photo of at most 10 MB (and 10 000 px width plus height, sides at most 20:1);
// a result it will not show as a photo is sent as a file instead, so a paid image always arrives.
const TELEGRAM_PHOTO_LIMIT = 10 * 1024 * 1024;

async function sendImage({
  ctx,
  user,
  image,
  spent,
  left,
}: {
  ctx: Context;
  user: User;
  image: AiFile;
  spent: number;
  left: number;
}) {
  const caption = [image.note, costLine({ lang: user.language, kind: "image_tokens", spent, left })]
    .filter(Boolean)
    .join("\n");
  const file = () => new InputFile(image.data, `image.${extensionFor(image.contentType)}`);
  if (image.data.length <= TELEGRAM_PHOTO_LIMIT) {
    try {
      await ctx.replyWithPhoto(file(), { caption });
      return;
    } catch (error) {
      if (!(error instanceof GrammyError) || error.error_code !== 400) throw error;
      log().info({ err: error }, "[bot] image refused as a photo; sent as a file");
    }
  }
  await ctx.replyWithDocument(file(), { caption });
}

/** The assistant's instructions, then what the user asked. */
const promptOf = (active: ActiveSession, userText: string) =>
  [active.systemPrompt, userText].filter(Boolean).join(". ");

/** text_to_image: the text is the prompt. */
export async function generateImageTurn({ ctx, db, user, active, prompt }: Turn & { prompt: string }): Promise<void> {
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text: prompt },
    cost: await sessionPrice({ db, active }),
    quantity: 1,
    chatAction: "upload_photo",
    run: async ({ signal, spent, left }) => {
      const image = await getAiProvider().generateImage({
        model: active.modelName,
        prompt: promptOf(active, prompt),
        signal,
        lang: user.language,
      });
      const aiFileUrl = await keepResultFile(image);
      await sendImage({ ctx, user, image, spent, left });
      await saveTurn({ db, sessionId: active.session.id, turn: { userText: prompt, aiFileUrl } });
    },
  });
}

/** generate_image: the user's photo (or image document) changed as its caption says. */
export async function editImageTurn({ ctx, db, user, active, file }: Turn & { file: IncomingFile }): Promise<void> {
  const lang = user.language;
  const prompt = promptOf(active, file.caption);
  if (!prompt) {
    await ctx.reply(botText(lang)("photoNeedsCaption"));
    return;
  }
  if (await refusedAsTooLarge({ ctx, lang, size: file.size })) return;
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text: file.caption, file },
    cost: await sessionPrice({ db, active }),
    quantity: 1,
    chatAction: "upload_photo",
    run: async ({ signal, spent, left }) => {
      const photo = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
      const image = await getAiProvider().editImage({
        model: active.modelName,
        prompt,
        image: photo.data,
        filename: file.filename,
        signal,
        lang: user.language,
      });
      const userFileUrl = await keepUserFile({ file: photo, contentType: file.contentType });
      const aiFileUrl = await keepResultFile(image);
      await sendImage({ ctx, user, image, spent, left });
      await saveTurn({
        db,
        sessionId: active.session.id,
        turn: { userText: file.caption || null, userFileUrl, userFileName: file.originalName, aiFileUrl },
      });
    },
  });
}
