import { adminAuditQuerySchema, adminAuditResponseSchema } from "@/lib/contracts/admin";
import { listAudit } from "@/lib/server/admin/audit";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/audit?page= - the console's audit log, newest first
export const GET = withAdmin({ query: adminAuditQuerySchema, response: adminAuditResponseSchema }, ({ db, query }) =>
  listAudit({ db, page: query.page }),
);
