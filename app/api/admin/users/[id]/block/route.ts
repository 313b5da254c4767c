import { adminBlockResponseSchema, adminUserParamsSchema } from "@/lib/contracts/admin-users";
import { setUserBlocked } from "@/lib/server/admin/users";
import { withAdmin } from "@/lib/server/http/handler";

// POST /api/admin/users/{id}/block - refuse the user's app calls and bot messages, audited
export const POST = withAdmin({ response: adminBlockResponseSchema }, ({ db, operator, params }) =>
  setUserBlocked({ db, operator, userId: adminUserParamsSchema.parse(params).id, blocked: true }),
);
