import { call, signedInitData } from "../../helpers/api";
import { openActiveSession } from "../../helpers/bot";

// The demo chat runs with no real bot: BOT_TOKEN is unset before the app loads, so the bot's calls go
// through the demo transport and sign-in uses the generated development token, as in a demo deployment.
export function useDemoBot(): void {
  delete process.env.BOT_TOKEN;
}

let nextTelegramId = 700_000_000 + Math.floor(Math.random() * 1_000_000) * 10;

/** A demo user signed in through the real login route, with an active text session and tokens. */
export async function demoChatUser({ textTokens = 100_000 }: { textTokens?: number } = {}) {
  const { getSecrets } = await import("@/lib/server/auth/secrets");
  const { POST } = await import("@/app/api/auth/telegram-login/route");
  const telegramId = nextTelegramId++;
  const initData = signedInitData(
    { id: telegramId, first_name: "Dana", language_code: "en" },
    { token: getSecrets().botToken },
  );
  const res = await call(POST, "POST", "/api/auth/telegram-login", { body: { initData } });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  const { userId, sessionId } = await openActiveSession(telegramId, {
    modelName: "gpt-4o-mini",
    action: "text",
    quota: { textTokens },
  });
  return { token: res.body.jwtToken as string, userId, telegramId, sessionId };
}
