import "server-only";
import type { Context } from "grammy";
import type { Db } from "@/db";
import type { User } from "@/db/schema";
import { extractDocumentText } from "@/lib/server/ai/documents";
import { completeChat, getAiProvider, type ChatMessage } from "@/lib/server/ai/provider";
import { botText } from "../bot-text";
import { documentMessage, documentTextToKeep } from "../context";
import { sendFormatted } from "../replies";
import { saveTurn, sessionPrice, type ActiveSession } from "../session";
import { downloadTelegramFile, keepUserFile } from "../telegram-files";
import type { IncomingFile } from "./incoming";
import { costLine, paidTurn, refusedAsTooLarge } from "./paid-turn";

// files: a document's text (PDF, DOCX, text and code files) goes to the session's text model with
// the user's caption as the question (a summary when there is none); a document sent in a text
// dialogue is read the same way, at the same price, and becomes part of that dialogue. The model's price per document;
// the model's tokens are part of that price, not taken from the text quota
// (docs/decisions/0025-documents-priced-per-piece.md).
// The row keeps the document's text, so follow-up text turns of the session see it (context.ts), and
// the caption only: the default question is the bot's, not something the user wrote.

export async function documentTurn({
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
  const question = file.caption || botText(lang)("documentQuestion");
  await paidTurn({
    ctx,
    db,
    user,
    active,
    input: { text: file.caption, file },
    // A document read in a text dialogue costs a document too (the model's files price, else the default).
    cost: await sessionPrice({ db, active, action: "files" }),
    action: "files",
    quantity: 1,
    chatAction: "typing",
    run: async ({ signal, spent, left }) => {
      const document = await downloadTelegramFile({ api: ctx.api, fileId: file.fileId, size: file.size, signal });
      const text = await extractDocumentText({
        data: document.data,
        filename: file.filename,
        mimeType: file.contentType,
      });
      const messages: ChatMessage[] = [
        ...(active.systemPrompt ? [{ role: "system" as const, content: active.systemPrompt }] : []),
        { role: "user", content: documentMessage({ question, text, name: file.filename }) },
      ];
      const { text: answer } = await completeChat(getAiProvider(), { model: active.modelName, messages, signal, lang });
      if (!answer.trim()) throw new Error("The model answered nothing");
      // Text and code files of any text/* type are kept as .txt, which history shows as a document.
      const userFileUrl = await keepUserFile({
        file: document,
        contentType: file.contentType.startsWith("text/") ? "text/plain" : file.contentType,
      });
      await sendFormatted({ ctx, text: answer, footer: costLine({ lang, kind: "file_tokens", spent, left }) });
      await saveTurn({
        db,
        sessionId: active.session.id,
        turn: {
          userText: file.caption || null,
          userFileUrl,
          userFileName: file.originalName,
          aiText: answer,
          documentText: documentTextToKeep(text),
        },
      });
    },
  });
}
