import { modelsResponseSchema } from "@/lib/contracts/models";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listModels } from "@/lib/server/catalogue/models";

// GET /api/models/all - every model with its actions, each flagged with the caller's access
export const GET = withUser({ response: modelsResponseSchema }, async ({ db, user }) =>
  listModels({ db, subscription: user.subscription, language: userLanguage(user) }),
);
