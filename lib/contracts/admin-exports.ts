import { z } from "zod";

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
