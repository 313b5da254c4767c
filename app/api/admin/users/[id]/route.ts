import { adminUserParamsSchema, adminUserResponseSchema } from "@/lib/contracts/admin-users";
import { userRecord } from "@/lib/server/admin/users";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/users/{id} - one user's account, tariff, balances, referral, payments, ledger and dialogue titles
export const GET = withAdmin({ response: adminUserResponseSchema }, ({ db, params }) =>
  userRecord({ db, userId: adminUserParamsSchema.parse(params).id }),
);
