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
  const { hits, secondsLeft } = await countInWindow({ db, bucket, key, windowSeconds: rule.windowSeconds });
  return { allowed: hits <= limit, retryAfterSeconds: Math.max(1, secondsLeft) };
}

/**
 * One more event of `key` in `bucket` within a fixed window of `windowSeconds` (whole multiples of its
 * length since the epoch, so every instance agrees), counted by a single atomic upsert of rate_limits:
 * how many the window holds with this one, and the seconds it has left.
 */
export async function countInWindow({
  db,
  bucket,
  key,
  windowSeconds,
}: {
  db: Pick<Db, "insert">;
  bucket: string;
  key: string;
  windowSeconds: number;
}): Promise<{ hits: number; secondsLeft: number }> {
  const at = now().getTime();
  const windowStart = new Date(Math.floor(at / 1000 / windowSeconds) * windowSeconds * 1000);
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
  return { hits: row.hits, secondsLeft: Math.ceil((windowStart.getTime() + windowSeconds * 1000 - at) / 1000) };
}

/** 429 with Retry-After (in the JSON error envelope) once `key` is past its limit in `bucket`. */
export async function enforceRateLimit(options: { db: Db; bucket: RateLimitBucket; key: string }): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(options);
  if (allowed) return;
  const error = new ApiError("rate_limited", "Too many requests, try again later");
  error.retryAfterSeconds = retryAfterSeconds;
  throw error;
}
