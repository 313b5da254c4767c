import { csvExportResponseSchema, exportRangeQuerySchema } from "@/lib/contracts/admin-exports";
import { requestsCsv } from "@/lib/server/exports/exports";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/exports/requests.csv?from=&to= - the requests of a date range as CSV (UTF-8 with BOM), streamed; owners and analysts
export const GET = withAdmin(
  { query: exportRangeQuerySchema, response: csvExportResponseSchema },
  async ({ db, query }) => requestsCsv(db, query),
);
