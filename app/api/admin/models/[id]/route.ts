import { adminIdParamsSchema, adminModelPatchSchema, adminModelsResponseSchema } from "@/lib/contracts/admin-catalogue";
import { updateAdminModel } from "@/lib/server/admin/catalogue/models";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/models/{id} - texts, provider model id, enabled, prices, provider cost (audited)
export const PATCH = withAdmin(
  { body: adminModelPatchSchema, response: adminModelsResponseSchema.element },
  ({ db, operator, params, body }) =>
    updateAdminModel({ db, operator, id: adminIdParamsSchema.parse(params).id, patch: body }),
);
