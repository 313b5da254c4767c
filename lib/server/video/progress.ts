import "server-only";
import { and, desc, eq, isNotNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { models, users, videoJobs, type VideoJob } from "@/db/schema";
import { nowMs } from "@/lib/server/clock";
import { jobEndText, openJobStatus, type JobStatus } from "@/lib/server/bot/job-status";
import { telegramApi } from "@/lib/server/bot/telegram-api";
import { log } from "@/lib/server/log";
import type { VideoStage } from "./providers/types";

// A video started in the mini-app is also followed in the bot chat (lib/server/bot/job-status.ts):
// its stage, the jobs of the same model started before it and still running, and the time left by
// the recent jobs of that model.

// How many finished jobs of a model make its typical duration.
const RECENT_JOBS = 10;

/** The mean duration in seconds of the model's last successful jobs; null when it has none yet. */
async function typicalSeconds({ db, modelName }: { db: Db; modelName: string }): Promise<number | null> {
  const recent = db
    .select({
      seconds: sql<number>`extract(epoch from ${videoJobs.finishedAt} - ${videoJobs.createdAt})`.as("seconds"),
    })
    .from(videoJobs)
    .where(and(eq(videoJobs.modelName, modelName), eq(videoJobs.status, "succeeded"), isNotNull(videoJobs.finishedAt)))
    .orderBy(desc(videoJobs.finishedAt))
    .limit(RECENT_JOBS)
    .as("recent");
  const [row] = await db.select({ mean: sql<string | null>`avg(${recent.seconds})` }).from(recent);
  return row?.mean == null ? null : Number(row.mean);
}

/** Jobs of the same model started before this one and still running. */
async function jobsAhead({ db, job }: { db: Db; job: VideoJob }): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(videoJobs)
    .where(and(eq(videoJobs.modelName, job.modelName), eq(videoJobs.status, "processing"), lt(videoJobs.id, job.id)));
  return row?.count ?? 0;
}

export type VideoFollower = Pick<JobStatus, "finish" | "settled"> & { onStage: (stage: VideoStage) => void };

/** Posts the job's status message to the user's chat; `onStage` moves it along as the provider reports. */
export async function followVideoJob({
  db,
  job,
  user,
  model,
}: {
  db: Db;
  job: VideoJob;
  user: { telegramId: number; language: string };
  model: string;
}): Promise<VideoFollower> {
  const typical = await typicalSeconds({ db, modelName: job.modelName });
  const progress = async (stage: "starting" | VideoStage) => ({
    stage,
    ahead: await jobsAhead({ db, job }),
    etaSeconds: typical === null ? null : Math.max(0, typical - (nowMs() - job.createdAt.getTime()) / 1000),
  });
  const status = openJobStatus({
    api: telegramApi({ db }),
    chatId: user.telegramId,
    lang: user.language,
    kind: "video",
    model,
    progress: await progress("starting"),
    onPosted: (messageId) => db.update(videoJobs).set({ statusMessageId: messageId }).where(eq(videoJobs.id, job.id)),
  });
  return {
    onStage: (stage) => void progress(stage).then(status.show, () => {}),
    finish: status.finish,
    settled: status.settled,
  };
}

/** A job failed for a process that died: its status message, if it has one, says so. */
export async function closeStaleStatus({ db, jobId }: { db: Db; jobId: number }): Promise<void> {
  const [row] = await db
    .select({
      messageId: videoJobs.statusMessageId,
      chatId: users.telegramId,
      language: users.language,
      model: models.displayName,
    })
    .from(videoJobs)
    .innerJoin(users, eq(users.id, videoJobs.userId))
    .innerJoin(models, eq(models.modelName, videoJobs.modelName))
    .where(eq(videoJobs.id, jobId));
  if (!row?.messageId) return;
  await telegramApi({ db })
    .editMessageText(
      row.chatId,
      row.messageId,
      jobEndText({ lang: row.language, kind: "video", model: row.model, ok: false }),
    )
    .catch((error) => log().warn(`[video] status message of job ${jobId} not closed: ${(error as Error).message}`));
}
