import { telegramLoginBodySchema, telegramLoginResponseSchema } from "@/lib/contracts/auth";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { addressKey, withPublic } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";

// POST /api/auth/telegram-login - sign in with the messenger's init data (limited per Telegram user, or per address when it does not validate)
export const POST = withPublic(
  { body: telegramLoginBodySchema, response: telegramLoginResponseSchema },
  async ({ req, db, body }) => {
    const { jwtToken, language } = await telegramLogin({ db, initData: body.initData, address: addressKey(req) });
    // The column holds what settings stored (ru | en); the contract names the language exactly.
    return { jwtToken, language: userLanguage({ language }) };
  },
);
