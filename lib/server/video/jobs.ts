import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { balanceLedger, videoJobs, type VideoJob } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { recordModelUsage } from "@/lib/server/catalogue/usage";
import { refundQuota, spendQuota } from "@/lib/server/quotas/spend";
import { getRemainingQuotas } from "@/lib/server/tariffs/current-tariff";
import type { VideoGenerateFields } from "@/lib/contracts/video";
import type { ModelAction } from "@/lib/shared/model-actions";
import { closeStaleStatus } from "./progress";

/** The unique index a statement violated, if that is why it failed (postgres-js and PGlite name it differently). */
const violatedIndex = (error: unknown): string | undefined => {
  const e = ((error as { cause?: unknown })?.cause ?? error) as {
    code?: string;
    constraint_name?: string;
    constraint?: string;
  };
  return e?.code === "23505" ? (e.constraint_name ?? e.constraint) : undefined;
};

export const findJob = async ({
  db,
  userId,
  idempotencyKey,
}: {
  db: Db;
  userId: number;
  idempotencyKey: string;
}): Promise<VideoJob | undefined> =>
  (
    await db
      .select()
      .from(videoJobs)
      .where(and(eq(videoJobs.userId, userId), eq(videoJobs.idempotencyKey, idempotencyKey)))
  )[0];

/**
 * Records the job and takes its cost from the video quota in one transaction. Answers the existing
 * job when this idempotency key was used before; 402 (with balance and cost) when the quota is short,
 * 429 while another generation of the caller runs. Nothing is left behind on either refusal.
 */
export async function reserveJob({
  db,
  userId,
  idempotencyKey,
  fields,
  cost,
}: {
  db: Db;
  userId: number;
  idempotencyKey: string;
  fields: VideoGenerateFields;
  cost: number;
}): Promise<{ job: VideoJob; existing: boolean }> {
  await reapStaleJobs({ db, userId });
  try {
    return await db.transaction(async (tx) => {
      const [job] = await tx
        .insert(videoJobs)
        .values({
          userId,
          idempotencyKey,
          modelName: fields.model_name,
          action: fields.action,
          prompt: fields.prompt,
          formatKey: fields.format_key,
          duration: fields.duration,
          cost,
          status: "processing",
        })
        .onConflictDoNothing({ target: [videoJobs.userId, videoJobs.idempotencyKey] })
        .returning();
      if (!job) return { job: (await findJob({ db: tx, userId, idempotencyKey }))!, existing: true };
      await spendQuota({
        db: tx,
        userId,
        kind: "video_tokens",
        amount: cost,
        refs: { modelName: fields.model_name, action: fields.action, videoJobId: job.id },
      });
      return { job, existing: false };
    });
  } catch (error) {
    if (violatedIndex(error) === "video_jobs_one_running") {
      // Two instances racing on one key: the running job may be this very request's first send,
      // whose result the repeat waits for instead of a 429.
      const same = await findJob({ db, userId, idempotencyKey });
      if (same) return { job: same, existing: true };
      throw new ApiError("rate_limited", "Another video of yours is still being generated; wait for it to finish");
    }
    if (error instanceof ApiError && error.code === "payment_required") {
      const balance = (await getRemainingQuotas({ db, userId })).video_tokens;
      throw new ApiError(
        "payment_required",
        `Not enough video tokens: this video costs ${cost}, you have ${balance}`,
        undefined,
        { balance, cost },
      );
    }
    throw error;
  }
}

export async function completeJob({
  db,
  jobId,
  videoKey,
  inputKey,
}: {
  db: Db;
  jobId: number;
  videoKey: string;
  inputKey?: string;
}) {
  const [job] = await db
    .update(videoJobs)
    .set({ status: "succeeded", videoUrl: videoKey, inputKey: inputKey ?? null, finishedAt: sql`now()` })
    .where(eq(videoJobs.id, jobId))
    .returning();
  if (job)
    await recordModelUsage({
      db,
      userId: job.userId,
      modelName: job.modelName,
      action: job.action as ModelAction,
      quantity: job.duration,
    });
}

/** Marks a running job failed and gives its cost back, once (a job already closed is left alone). */
export async function failJob({ db, jobId, error }: { db: Db; jobId: number; error: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [job] = await tx
      .update(videoJobs)
      .set({ status: "failed", error, finishedAt: sql`now()` })
      .where(and(eq(videoJobs.id, jobId), eq(videoJobs.status, "processing")))
      .returning({
        userId: videoJobs.userId,
        cost: videoJobs.cost,
        modelName: videoJobs.modelName,
        action: videoJobs.action,
      });
    if (!job) return;
    // The package units the job took go back to package units, the rest to the allowance.
    const [taken] = await tx
      .select({ fromPackage: sql<number>`coalesce(-sum(${balanceLedger.packageUnits}), 0)::integer` })
      .from(balanceLedger)
      .where(
        and(
          eq(balanceLedger.userId, job.userId),
          eq(balanceLedger.videoJobId, jobId),
          eq(balanceLedger.kind, "video_tokens"),
        ),
      );
    await refundQuota({
      db: tx,
      userId: job.userId,
      kind: "video_tokens",
      amount: job.cost,
      fromPackage: Math.max(0, taken?.fromPackage ?? 0),
      refs: { modelName: job.modelName, action: job.action, videoJobId: jobId },
    });
  });
}

/** A job still "processing" well past the timeout belonged to a process that died: fail and refund it. */
export async function reapStaleJobs({ db, userId }: { db: Db; userId: number }): Promise<void> {
  const staleSeconds = env.VIDEO_TIMEOUT_SECONDS + 120;
  const stale = await db
    .select({ id: videoJobs.id })
    .from(videoJobs)
    .where(
      and(
        eq(videoJobs.userId, userId),
        eq(videoJobs.status, "processing"),
        lt(videoJobs.createdAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    );
  for (const { id } of stale) {
    await failJob({ db, jobId: id, error: "The generation was interrupted. Nothing was charged." });
    await closeStaleStatus({ db, jobId: id });
  }
}
