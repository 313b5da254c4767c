import { assistantCategoriesResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listCategories } from "@/lib/server/catalogue/assistants";

// GET /api/assistants/categories - the assistant categories in display order
export const GET = withUser({ response: assistantCategoriesResponseSchema }, async ({ db, user }) =>
  listCategories({ db, language: userLanguage(user) }),
);
