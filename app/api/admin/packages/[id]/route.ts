import {
  adminIdParamsSchema,
  adminPackagePatchSchema,
  adminPackageResponseSchema,
} from "@/lib/contracts/admin-catalogue";
import { updateAdminPackage } from "@/lib/server/admin/catalogue/packages";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/packages/{id} - names, descriptions, price, amount (audited)
export const PATCH = withAdmin(
  { body: adminPackagePatchSchema, response: adminPackageResponseSchema },
  ({ db, operator, params, body }) =>
    updateAdminPackage({ db, operator, id: adminIdParamsSchema.parse(params).id, patch: body }),
);
