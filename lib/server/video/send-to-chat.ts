import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { users, videoJobs } from "@/db/schema";
import type { VideoSendToChatResponse } from "@/lib/contracts/video";
import { sendJobVideo } from "@/lib/server/bot/job-status";
import { callFailure, telegramApi } from "@/lib/server/bot/telegram-api";
import { ApiError } from "@/lib/server/http/api-error";
import { log } from "@/lib/server/log";
import { readStoredFile } from "@/lib/server/storage";
import { extensionFor } from "@/lib/server/storage/keys";
import { findJob } from "./jobs";

// POST /api/video/send-to-chat: the bot posts the caller's finished clip to their private chat with it
// (chat id = their Telegram id), the same way the job's status message ends (bot/job-status.ts).
// A repeat within SEND_TO_CHAT_WINDOW_SECONDS (a double tap) posts nothing more: decision 0505.

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
    .set({ sentToChatAt: sql`now()` })
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
  if (!claimed) return { sent: true, already_sent: true };
  // A send that did not happen does not hold the next tap back.
  const release = () => db.update(videoJobs).set({ sentToChatAt: job.sentToChatAt }).where(eq(videoJobs.id, job.id));

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
    await release();
    const failure = callFailure(error);
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
