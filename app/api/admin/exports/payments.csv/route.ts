import { csvExportResponseSchema, exportRangeQuerySchema } from "@/lib/contracts/admin-exports";
import { paymentsCsv } from "@/lib/server/exports/exports";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/exports/payments.csv?from=&to= - the payments of a date range as CSV (UTF-8 with BOM), streamed; owners and analysts
export const GET = withAdmin(
  { query: exportRangeQuerySchema, response: csvExportResponseSchema },
  async ({ db, query }) => paymentsCsv(db, query),
);
