import { listByCategoryQuerySchema, listByCategoryResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listAssistantsByCategory } from "@/lib/server/catalogue/assistants";

// GET /api/assistants/list_by_category?type= - one category's assistants with the caller's favourite flag
export const GET = withUser(
  { query: listByCategoryQuerySchema, response: listByCategoryResponseSchema },
  async ({ db, user, query }) =>
    listAssistantsByCategory({ db, userId: user.id, language: userLanguage(user), type: query.type }),
);
