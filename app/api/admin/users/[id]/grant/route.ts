import { adminGrantBodySchema, adminGrantResponseSchema, adminUserParamsSchema } from "@/lib/contracts/admin-users";
import { grantUnits } from "@/lib/server/admin/users";
import { withAdmin } from "@/lib/server/http/handler";

// POST /api/admin/users/{id}/grant {kind, units, reason} - give units (or take them back), audited
export const POST = withAdmin(
  { body: adminGrantBodySchema, response: adminGrantResponseSchema },
  ({ db, operator, params, body }) =>
    grantUnits({ db, operator, userId: adminUserParamsSchema.parse(params).id, ...body }),
);
