import { imageAssistantsResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listImageAssistants } from "@/lib/server/catalogue/assistants";

// GET /api/assistants/generating_image - the image assistants with the caller's favourite flag
export const GET = withUser({ response: imageAssistantsResponseSchema }, async ({ db, user }) =>
  listImageAssistants({ db, userId: user.id, language: userLanguage(user) }),
);
