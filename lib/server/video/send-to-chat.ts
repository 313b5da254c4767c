import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { users, videoJobs } from "@/db/schema";
import type { VideoSendToChatResponse } from "@/lib/contracts/video";
import { sendJobVideo } from "@/lib/server/bot/job-status";
import { callFailure, telegramApi } from "@/lib/server/bot/telegram-api";
import { nowMs } from "@/lib/server/clock";
import { ApiError } from "@/lib/server/http/api-error";
import { log } from "@/lib/server/log";
import { readStoredFile } from "@/lib/server/storage";
import { extensionFor } from "@/lib/server/storage/keys";
import { findJob } from "./jobs";

// POST /api/video/send-to-chat: the bot posts the caller's finished clip to their private chat with it
// (chat id = their Telegram id), the same way the job's status message ends (bot/job-status.ts).
// A repeat within SEND_TO_CHAT_WINDOW_SECONDS (a double tap) posts nothing more: decision 0505. A send
// Telegram may have carried out without saying so holds the window too, and a tap within it is told
// to look in the chat first: decision 0515.

export const SEND_TO_CHAT_WINDOW_SECONDS = 30;

export async function sendVideoToChat({
  db,
  caller,
  requestId,
}: {
  db: Db;
  caller: { id: number; telegramId: number };
  requestId: string;
}): Promise<VideoSendToChatResponse> {
  const job = await findJob({ db, userId: caller.id, idempotencyKey: requestId });
  if (!job) throw new ApiError("not_found", "No video request with this id");
  if (job.status !== "succeeded" || !job.videoUrl)
    throw new ApiError("conflict", "This video is not ready yet", undefined, { reason: "not_ready" });

  // Claim the send: only one request within the window gets the row, whatever the instance.
  const [claimed] = await db
    .update(videoJobs)
    .set({ sentToChatAt: sql`now()`, sentToChatUnconfirmed: false })
    .where(
      and(
        eq(videoJobs.id, job.id),
        or(
          isNull(videoJobs.sentToChatAt),
          lt(videoJobs.sentToChatAt, sql`now() - make_interval(secs => ${SEND_TO_CHAT_WINDOW_SECONDS})`),
        ),
      ),
    )
    .returning({ id: videoJobs.id });
  if (!claimed) {
    if (job.sentToChatUnconfirmed && job.sentToChatAt) throw unconfirmed(windowLeftSeconds(job.sentToChatAt), "again");
    return { sent: true, already_sent: true };
  }
  // A send that did not happen does not hold the next tap back.
  const release = () =>
    db
      .update(videoJobs)
      .set({ sentToChatAt: job.sentToChatAt, sentToChatUnconfirmed: job.sentToChatUnconfirmed })
      .where(eq(videoJobs.id, job.id));

  const stored = await readStoredFile(job.videoUrl);
  if (!stored) {
    await release();
    throw new ApiError("not_found", "This video is no longer stored", undefined, { reason: "gone" });
  }
  try {
    await sendJobVideo({
      api: telegramApi({ db }),
      chatId: caller.telegramId,
      video: { data: stored.data, filename: `video.${extensionFor(stored.contentType)}` },
    });
  } catch (error) {
    const failure = callFailure(error);
    if (failure.maybeDelivered) {
      // The chat may have the clip already: posting it again on the next tap could show it twice.
      await db.update(videoJobs).set({ sentToChatUnconfirmed: true }).where(eq(videoJobs.id, job.id));
      log().warn(`[video] job ${job.id} maybe not sent to chat ${caller.telegramId}: ${failure.message}`);
      throw unconfirmed(SEND_TO_CHAT_WINDOW_SECONDS, "first");
    }
    await release();
    log().warn(`[video] job ${job.id} not sent to chat ${caller.telegramId}: ${failure.message}`);
    // 403: the user blocked the bot (or never started it); anything else is Telegram failing us.
    const blocked = failure.status === 403;
    // As the bot's own calls do (telegram-limits.ts): broadcasts skip a user who blocked the bot.
    if (blocked)
      await db
        .update(users)
        .set({ botBlockedAt: sql`now()` })
        .where(eq(users.id, caller.id));
    throw new ApiError(
      "bad_gateway",
      blocked
        ? "The bot cannot write to you: open the chat with the bot, press Start and try again"
        : "Telegram did not take the video; try again later",
      undefined,
      { reason: blocked ? "bot_blocked" : "telegram_failed" },
    );
  }
  return { sent: true, already_sent: false };
}

/** Whole seconds until the window of a send made at `sentAt` closes (at least 1). */
const windowLeftSeconds = (sentAt: Date) =>
  Math.max(1, Math.ceil(SEND_TO_CHAT_WINDOW_SECONDS - (nowMs() - sentAt.getTime()) / 1000));

/**
 * Telegram did not confirm a send that may have posted the clip: the answer to that send ("first",
 * 502) and to a tap within its window ("again", 409) both ask the user to look in the chat before
 * sending again, and say when the next send is possible (also as Retry-After).
 */
const UNCONFIRMED = {
  first: {
    code: "bad_gateway",
    reason: "telegram_unconfirmed",
    message: "Telegram did not confirm the video: look in the chat before sending it again",
  },
  again: {
    code: "conflict",
    reason: "unconfirmed",
    message: "The last send was not confirmed by Telegram: look in the chat before sending the video again",
  },
} as const;

function unconfirmed(retryAfterSeconds: number, which: keyof typeof UNCONFIRMED): ApiError {
  const { code, reason, message } = UNCONFIRMED[which];
  const error = new ApiError(code, message, undefined, { reason, retry_after: retryAfterSeconds });
  error.retryAfterSeconds = retryAfterSeconds;
  return error;
}
