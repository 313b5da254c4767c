import { z } from "zod";

/** Every background job (lib/server/jobs/registry.ts): its name in POST /api/jobs/{name}. */
export const JOB_NAMES = [
  "bot-outbox",
  "bot-updates",
  "bot-retention",
  "broadcasts",
  "payments:expire-stale",
  "payments:renew-subscriptions",
  "quotas:apply-due-refills",
  "request-log-retention",
  "channel-probe",
  "operator-alerts",
] as const;
export type JobName = (typeof JOB_NAMES)[number];
export const runJobParamsSchema = z.object({ name: z.enum(JOB_NAMES) });

// POST /api/jobs/{name}: one run of a background job; `result` is what the job reports (its own shape).
export const runJobResponseSchema = z.object({ job: z.string(), ms: z.number(), result: z.unknown() });
