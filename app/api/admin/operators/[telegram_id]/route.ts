import {
  operatorDeleteResponseSchema,
  operatorParamsSchema,
  operatorPutBodySchema,
  operatorSchema,
} from "@/lib/contracts/admin-operators";
import { deleteOperator, putOperator } from "@/lib/server/admin/operators";
import { withAdmin } from "@/lib/server/http/handler";

// PUT /api/admin/operators/{telegram_id} {role, grant_limit?, refund_limit_rub?} - add an operator or change their role (owners only, audited)
export const PUT = withAdmin(
  { body: operatorPutBodySchema, response: operatorSchema },
  ({ db, operator, params, body }) =>
    putOperator({ db, operator }, operatorParamsSchema.parse(params).telegram_id, body),
);

// DELETE /api/admin/operators/{telegram_id} - remove an operator; never the last owner (owners only, audited)
export const DELETE = withAdmin({ response: operatorDeleteResponseSchema }, ({ db, operator, params }) =>
  deleteOperator({ db, operator }, operatorParamsSchema.parse(params).telegram_id),
);
