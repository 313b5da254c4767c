import "server-only";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { rateLimits } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { now } from "@/lib/server/clock";
import { RATE_LIMITS, type RateLimitBucket } from "./limits";

export type { RateLimitBucket } from "./limits";

type Hit = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one request of `key` in `bucket` with a single atomic upsert (a fixed window, whole multiples
 * of its length since the epoch, so every instance agrees) and says whether it is within the limit.
 * The time comes from lib/server/clock.ts, so tests move it instead of waiting for a fresh window.
 */
export async function hitRateLimit({
  db,
  bucket,
  key,
}: {
  db: Pick<Db, "insert">;
  bucket: RateLimitBucket;
  key: string;
}): Promise<Hit> {
  const rule = RATE_LIMITS[bucket];
  const limit = Math.max(1, Math.round(rule.limit * env.RATE_LIMIT_MULTIPLIER));
  const window = rule.windowSeconds;
  const at = now().getTime();
  const windowStart = new Date(Math.floor(at / 1000 / window) * window * 1000);
  const [row] = await db
    .insert(rateLimits)
    .values({ bucket, key: key.slice(0, 200), windowStart, hits: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.bucket, rateLimits.key],
      set: {
        hits: sql`case when ${rateLimits.windowStart} = excluded.window_start then ${rateLimits.hits} + 1 else 1 end`,
        windowStart: sql`excluded.window_start`,
      },
    })
    .returning({ hits: rateLimits.hits });
  const secondsLeft = Math.ceil((windowStart.getTime() + window * 1000 - at) / 1000);
  return { allowed: row.hits <= limit, retryAfterSeconds: Math.max(1, secondsLeft) };
}

/** 429 with Retry-After (in the JSON error envelope) once `key` is past its limit in `bucket`. */
export async function enforceRateLimit(options: { db: Db; bucket: RateLimitBucket; key: string }): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(options);
  if (allowed) return;
  const error = new ApiError("rate_limited", "Too many requests, try again later");
  error.retryAfterSeconds = retryAfterSeconds;
  throw error;
}
