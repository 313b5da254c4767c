import { adminModelsResponseSchema } from "@/lib/contracts/admin-catalogue";
import { listAdminModels } from "@/lib/server/admin/catalogue/models";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/models - every model with both languages' texts, prices and provider cost
export const GET = withAdmin({ response: adminModelsResponseSchema }, ({ db }) => listAdminModels({ db }));
