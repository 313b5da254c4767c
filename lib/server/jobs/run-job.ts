import "server-only";
import type { Db } from "@/db";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { assertBearerSecret } from "@/lib/server/http/bearer-secret";
import { jobs } from "./registry";

/** The scheduler's bearer secret; no secret configured means no cron route. */
export const assertCronSecret = (authorization: string | null): void =>
  assertBearerSecret({ authorization, secret: env.CRON_SECRET, name: "CRON_SECRET" });

/**
 * POST /api/jobs/{name}: one run of a background job, for hosts whose scheduler calls a URL instead
 * of keeping timers in the process. It is the same job code as the timers (rows claimed with
 * conditional updates), so both can run side by side.
 */
export async function runJobByName({ db, name }: { db: Db; name: string }) {
  const job = jobs.find((j) => j.name === name);
  if (!job) throw new ApiError("not_found", `Unknown job "${name}"`);
  const started = Date.now();
  const result = await job.run(db);
  return { job: job.name, ms: Date.now() - started, result: result ?? null };
}
