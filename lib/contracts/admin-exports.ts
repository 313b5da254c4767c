import { z } from "zod";
import { adminPageSchema } from "./admin";
import { INT32_MAX, NO_NUL, NO_NUL_MESSAGE } from "./common";

/** How a provider call ended (lib/server/ai/provider-calls.ts). */
export const REQUEST_STATUSES = ["ok", "failed", "rejected", "aborted", "cut"] as const;

// The console's exports and request log (docs/product/console.md "Exports", "Request log").

/** A day (YYYY-MM-DD, UTC; as `to` the whole day is included) or an instant (ISO 8601). */
const dayOrInstant = z.union([z.iso.date(), z.iso.datetime({ offset: true })]);

export const exportRangeQuerySchema = z
  .object({
    /** From this day or instant on; 30 days before `to` when left out. */
    from: dayOrInstant.optional(),
    /** Up to this day (inclusive) or instant; now when left out. */
    to: dayOrInstant.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });

/** A CSV file (UTF-8 with a byte-order mark), never a JSON answer. */
export const csvExportResponseSchema = z.never();

export const adminRequestsQuerySchema = z
  .object({
    user_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
    model_name: z.string().trim().min(1).max(200).regex(NO_NUL, NO_NUL_MESSAGE).optional(),
    channel_id: z.coerce.number().int().min(1).max(INT32_MAX).optional(),
    status: z.enum(REQUEST_STATUSES).optional(),
    from: dayOrInstant.optional(),
    to: dayOrInstant.optional(),
    page: adminPageSchema,
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: "from must not be after to", path: ["from"] });

export const adminRequestSchema = z.object({
  id: z.number().int(),
  created_at: z.iso.datetime(),
  user_id: z.number().int().nullable(),
  session_id: z.number().int().nullable(),
  model_name: z.string(),
  /** The model's name as people see it (the catalogue's display name; the internal name when it is gone). */
  display_name: z.string(),
  channel_id: z.number().int().nullable(),
  action: z.string(),
  tokens_in: z.number().int(),
  tokens_out: z.number().int(),
  /** Images, or minutes of audio, as the action counts them. */
  units: z.number(),
  latency_ms: z.number().int(),
  /** ok; failed (the channel failed, the next was tried); rejected (the endpoint refused the request); aborted; cut (failed mid-stream). */
  status: z.enum(REQUEST_STATUSES),
  /** The error's class, never its message. */
  error: z.string().nullable(),
  /** What the provider cost, at the channel's prices. */
  cost_rub: z.number(),
});

export const adminRequestsResponseSchema = z.object({ items: z.array(adminRequestSchema), has_more: z.boolean() });
