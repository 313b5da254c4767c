import { setLanguageBodySchema, setLanguageResponseSchema } from "@/lib/contracts/settings";
import { withUser } from "@/lib/server/http/handler";
import { setUserLanguage } from "@/lib/server/users";

// POST /api/settings/language - remember the caller's interface language
export const POST = withUser(
  { body: setLanguageBodySchema, response: setLanguageResponseSchema },
  async ({ db, user, body }) => setUserLanguage({ db, userId: user.id, language: body.language_code }),
);
