import {
  adminCategoryPatchSchema,
  adminCategoryResponseSchema,
  adminIdParamsSchema,
} from "@/lib/contracts/admin-catalogue";
import { updateAdminCategory } from "@/lib/server/admin/catalogue/assistants";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/assistant-categories/{id} - its names in both languages (audited)
export const PATCH = withAdmin(
  { body: adminCategoryPatchSchema, response: adminCategoryResponseSchema },
  ({ db, operator, params, body }) =>
    updateAdminCategory({ db, operator, id: adminIdParamsSchema.parse(params).id, patch: body }),
);
