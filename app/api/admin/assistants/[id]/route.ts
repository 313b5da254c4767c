import {
  adminAssistantPatchSchema,
  adminAssistantResponseSchema,
  adminIdParamsSchema,
} from "@/lib/contracts/admin-catalogue";
import { updateAdminAssistant } from "@/lib/server/admin/catalogue/assistants";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/assistants/{id} - names, descriptions, category, instructions, models, enabled (audited)
export const PATCH = withAdmin(
  { body: adminAssistantPatchSchema, response: adminAssistantResponseSchema },
  ({ db, operator, params, body }) =>
    updateAdminAssistant({ db, operator, id: adminIdParamsSchema.parse(params).id, patch: body }),
);
