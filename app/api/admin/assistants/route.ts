import {
  adminAssistantCreateSchema,
  adminAssistantResponseSchema,
  adminAssistantsResponseSchema,
} from "@/lib/contracts/admin-catalogue";
import { createAdminAssistant, listAdminAssistants } from "@/lib/server/admin/catalogue/assistants";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/assistants - every assistant, disabled ones too
export const GET = withAdmin({ response: adminAssistantsResponseSchema }, ({ db }) => listAdminAssistants({ db }));

// POST /api/admin/assistants - a new assistant (audited)
export const POST = withAdmin(
  { body: adminAssistantCreateSchema, response: adminAssistantResponseSchema },
  ({ db, operator, body }) => createAdminAssistant({ db, operator, body }),
);
