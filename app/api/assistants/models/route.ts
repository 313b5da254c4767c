import { assistantModelsResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listModels } from "@/lib/server/catalogue/models";

// GET /api/assistants/models - the models assistants run on (text and image), with the caller's access
export const GET = withUser({ response: assistantModelsResponseSchema }, async ({ db, user }) =>
  listModels({
    db,
    subscription: user.subscription,
    language: userLanguage(user),
    actions: ["text", "text_to_image", "generate_image"],
  }),
);
