import { adminStatsQuerySchema, adminStatsResponseSchema } from "@/lib/contracts/admin-catalogue";
import { getAdminStats } from "@/lib/server/admin/stats";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/stats?days= - revenue, users, units spent and provider cost, in total, per day and per model
export const GET = withAdmin({ query: adminStatsQuerySchema, response: adminStatsResponseSchema }, ({ db, query }) =>
  getAdminStats({ db, days: query.days }),
);
