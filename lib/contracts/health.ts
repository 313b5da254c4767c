import { z } from "zod";

// GET /api/health: liveness (the database answers); ?ready=1 adds the job backlog (readiness), or 503 while the instance drains.
export const healthQuerySchema = z.object({ ready: z.enum(["1", "true"]).optional() });
export const healthResponseSchema = z.object({
  status: z.string(),
  database: z.string(),
  tariffs: z.number(),
  /** Readiness only: how long the oldest unsent bot message and unprocessed bot update have waited. */
  backlog: z
    .object({ oldest_unsent_outbox_seconds: z.number(), oldest_unprocessed_update_seconds: z.number() })
    .optional(),
});
