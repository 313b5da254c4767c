import { adminGrantBodySchema, adminGrantResponseSchema, adminUserParamsSchema } from "@/lib/contracts/admin-users";
import { checkGrantLimit } from "@/lib/server/admin/operators";
import { grantUnits } from "@/lib/server/admin/users";
import { withAdmin } from "@/lib/server/http/handler";

// POST /api/admin/users/{id}/grant {kind, units, reason} - give units (or take them back), audited; support up to its limit
export const POST = withAdmin(
  { body: adminGrantBodySchema, response: adminGrantResponseSchema },
  ({ db, operator, params, body }) => {
    const userId = adminUserParamsSchema.parse(params).id;
    checkGrantLimit(operator, body.units);
    return grantUnits({ db, operator, userId, ...body });
  },
);
