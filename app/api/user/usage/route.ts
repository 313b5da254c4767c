import { userUsageQuerySchema, userUsageResponseSchema } from "@/lib/contracts/user";
import { withUser } from "@/lib/server/http/handler";
import { listUsage } from "@/lib/server/quotas/usage";

// GET /api/user/usage?page=&page_size= - the caller's balance changes, newest first
export const GET = withUser({ query: userUsageQuerySchema, response: userUsageResponseSchema }, ({ db, user, query }) =>
  listUsage({ db, userId: user.id, page: query.page, pageSize: query.page_size }),
);
