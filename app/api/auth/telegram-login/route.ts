import { telegramLoginBodySchema } from "@/lib/contracts/auth";
import { telegramLogin } from "@/lib/server/auth/telegram-login";
import { withPublic } from "@/lib/server/http/handler";

// POST /api/auth/telegram-login - sign in with the messenger's init data
export const POST = withPublic({ body: telegramLoginBodySchema, rateLimit: "sign-in" }, async ({ db, body }) => {
  const { jwtToken, language } = await telegramLogin({ db, initData: body.initData });
  return { jwtToken, language };
});
