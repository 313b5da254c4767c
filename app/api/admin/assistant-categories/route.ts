import {
  adminCategoriesResponseSchema,
  adminCategoryCreateSchema,
  adminCategoryResponseSchema,
} from "@/lib/contracts/admin-catalogue";
import { createAdminCategory, listAdminCategories } from "@/lib/server/admin/catalogue/assistants";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/assistant-categories - every assistant category
export const GET = withAdmin({ response: adminCategoriesResponseSchema }, ({ db }) => listAdminCategories({ db }));

// POST /api/admin/assistant-categories - a new category (audited; 409 when its key is taken)
export const POST = withAdmin(
  { body: adminCategoryCreateSchema, response: adminCategoryResponseSchema },
  ({ db, operator, body }) => createAdminCategory({ db, operator, body }),
);
