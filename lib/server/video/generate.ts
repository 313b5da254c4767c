import "server-only";
import { log } from "@/lib/server/log";
import crypto from "node:crypto";
import { setMaxListeners } from "node:events";
import type { Db } from "@/db";
import type { VideoJob } from "@/db/schema";
import { env } from "@/lib/env";
import { IDEMPOTENCY_KEY_MAX, type VideoJobStatus, type VideoResult } from "@/lib/contracts/video";
import type { VideoActionName } from "@/lib/shared/model-actions";
import { ApiError } from "@/lib/server/http/api-error";
import { signedFileUrl, storeFile } from "@/lib/server/storage";
import { completeJob, failJob, findJob, reapStaleJobs, reserveJob } from "./jobs";
import { planGeneration, type VideoGenerateForm, type VideoPlan } from "./plan";
import { recordVideoInHistory } from "./history";
import { followVideoJob } from "./progress";
import { extensionFor } from "@/lib/server/storage/keys";
import type { Caller } from "@/lib/server/users";
import { videoProviderFor } from "./providers";
import { VideoProviderError, type VideoProvider } from "./providers/types";

const RESULT_MESSAGE = "The video is ready";
const FAILED_MESSAGE = "The video could not be generated. Nothing was charged.";

/** Who asks: their tariff decides the models, their chat gets the status message. */
type VideoCaller = Pick<Caller, "id" | "subscription" | "telegramId" | "language">;

const resultOf = (job: VideoJob): VideoResult => ({
  success: true,
  message: RESULT_MESSAGE,
  video_url: signedFileUrl(job.videoUrl!),
  action: job.action as VideoActionName,
  model_name: job.modelName,
});

function checkIdempotencyKey(header: string | null): string | undefined {
  const key = header?.trim();
  if (key === undefined || key === "") return undefined;
  if (key.length > IDEMPOTENCY_KEY_MAX)
    throw new ApiError("bad_request", `The Idempotency-Key header is at most ${IDEMPOTENCY_KEY_MAX} characters`);
  return key;
}

/**
 * The answer for a request whose Idempotency-Key was seen before: the first request's result (or its
 * error) once it is known. A retry while the first still runs waits for it, and answers 409 if it has
 * not finished by the generation timeout; it never starts a second job.
 */
async function awaitJob({ db, job }: { db: Db; job: VideoJob }): Promise<VideoResult> {
  const deadline = Date.now() + env.VIDEO_TIMEOUT_SECONDS * 1000 + 5000;
  let current: VideoJob | undefined = job;
  while (current?.status === "processing" && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    current = await findJob({ db, userId: job.userId, idempotencyKey: job.idempotencyKey });
  }
  if (current?.status === "succeeded") return resultOf(current);
  if (current?.status === "failed") throw new ApiError("bad_gateway", current.error ?? FAILED_MESSAGE);
  throw new ApiError("conflict", "This request is still being processed");
}

/**
 * GET /api/video/jobs/{requestId}: where the caller's job sent with this key stands, so a reloaded
 * screen waits for it without sending anything again. A job its process abandoned is failed (and
 * refunded) first, so the answer always ends. Unknown keys and other users' jobs are 404.
 */
export async function videoJobStatus({
  db,
  userId,
  requestId,
}: {
  db: Db;
  userId: number;
  requestId: string;
}): Promise<VideoJobStatus> {
  await reapStaleJobs({ db, userId });
  const job = await findJob({ db, userId, idempotencyKey: requestId });
  if (!job) throw new ApiError("not_found", "No video request with this id");
  if (job.status === "succeeded") return { status: "succeeded", result: resultOf(job) };
  if (job.status === "failed") return { status: "failed", message: job.error ?? FAILED_MESSAGE };
  return { status: "processing" };
}

/**
 * Runs the provider under the generation timeout, stores the clip and records it; refunds on any
 * failure. The user's bot chat follows the job in a status message that ends with the clip.
 */
async function run({
  db,
  caller,
  job,
  plan,
  provider,
}: {
  db: Db;
  caller: VideoCaller;
  job: VideoJob;
  plan: VideoPlan;
  provider: VideoProvider;
}): Promise<VideoResult> {
  const userId = caller.id;
  const status = await followVideoJob({ db, job, user: caller, model: plan.video.model.displayName });
  try {
    const input = plan.request.input;
    const inputKey = input ? (await storeFile({ ...input, prefix: "video-inputs" })).key : undefined;
    const deadline = AbortSignal.timeout(env.VIDEO_TIMEOUT_SECONDS * 1000);
    // Every poll hands the signal to another request, each listening on it while it runs.
    setMaxListeners(0, deadline);
    const output = await provider.generate(plan.request, deadline, status.onStage);
    if (!output.contentType.startsWith("video/") || output.data.length === 0)
      throw new VideoProviderError("The video service answered something that is not a video");
    const { key } = await storeFile({ data: output.data, contentType: output.contentType, prefix: "videos" });
    await completeJob({ db, jobId: job.id, videoKey: key, inputKey });
    await recordVideoInHistory({
      db,
      userId,
      model: plan.video.model,
      action: plan.request.action,
      prompt: plan.request.prompt,
      inputKey,
      inputName: plan.inputName,
      videoKey: key,
    });
    status.finish({ ok: true, video: { data: output.data, filename: `video.${extensionFor(output.contentType)}` } });
    return resultOf({ ...job, status: "succeeded", videoUrl: key });
  } catch (error) {
    if (!(error instanceof VideoProviderError)) log().error({ err: error }, "video generation failed");
    const message = error instanceof VideoProviderError ? error.message : FAILED_MESSAGE;
    await failJob({ db, jobId: job.id, error: message });
    status.finish({ ok: false });
    throw new ApiError("bad_gateway", message);
  }
}

/**
 * POST /api/video/generate: validate everything, reserve the cost, generate, store, answer a signed
 * link. A retry (a known Idempotency-Key) was read and checked like the first request, then answers
 * the first one's result.
 */
export async function generateVideo({
  db,
  caller,
  form,
  idempotencyHeader,
}: {
  db: Db;
  caller: VideoCaller;
  form: VideoGenerateForm;
  idempotencyHeader: string | null;
}): Promise<VideoResult> {
  const userId = caller.id;
  const idempotencyKey = checkIdempotencyKey(idempotencyHeader);
  const seen = idempotencyKey ? await findJob({ db, userId, idempotencyKey }) : undefined;
  if (seen) return awaitJob({ db, job: seen });
  const plan = await planGeneration({ db, subscription: caller.subscription, form });
  const provider = videoProviderFor(plan.request.family);
  const { job, existing } = await reserveJob({
    db,
    userId,
    idempotencyKey: idempotencyKey ?? crypto.randomUUID(),
    fields: form.fields,
    cost: plan.cost,
  });
  if (existing) return awaitJob({ db, job });
  return run({ db, caller, job, plan, provider });
}
