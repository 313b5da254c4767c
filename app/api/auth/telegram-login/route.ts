import { telegramLoginBodySchema, telegramLoginResponseSchema } from "@/lib/contracts/auth";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { withPublic } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";

// POST /api/auth/telegram-login - sign in with the messenger's init data
export const POST = withPublic(
  { body: telegramLoginBodySchema, rateLimit: "sign-in", response: telegramLoginResponseSchema },
  async ({ db, body }) => {
    const { jwtToken, language } = await telegramLogin({ db, initData: body.initData });
    // The column holds what settings stored (ru | en); the contract names the language exactly.
    return { jwtToken, language: userLanguage({ language }) };
  },
);
