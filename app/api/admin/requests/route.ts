import { adminRequestsQuerySchema, adminRequestsResponseSchema } from "@/lib/contracts/admin-exports";
import { withAdmin } from "@/lib/server/http/handler";
import { listRequests } from "@/lib/server/requests/list";

// GET /api/admin/requests?user_id=&model_name=&channel_id=&status=&from=&to=&page= - the request log, newest first (owners and support)
export const GET = withAdmin(
  { query: adminRequestsQuerySchema, response: adminRequestsResponseSchema },
  ({ db, query }) => listRequests({ db, query }),
);
