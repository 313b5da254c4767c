import { z } from "zod";

// POST /api/jobs/{name}: one run of a background job; `result` is what the job reports (its own shape).
export const runJobResponseSchema = z.object({ job: z.string(), ms: z.number(), result: z.unknown() });
