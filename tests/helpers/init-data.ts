import { sign } from "@telegram-apps/init-data-node";

// Launch data signed as the messenger signs it, shared by the API tests (tests/helpers/api.ts), the
// end-to-end flows that open the app as the messenger does and bench:web: one way to sign, so a
// change in what sign-in checks reaches all three.

let nextTelegramId = 500_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** A new user's init data (override any field of `user`), signed with `options.token` (default BOT_TOKEN). */
export function signedInitData(
  user: Record<string, unknown> = {},
  options: { authDate?: Date; token?: string; startParam?: string } = {},
) {
  const tgUser = { id: nextTelegramId++, first_name: "Test", username: "tester", language_code: "ru", ...user };
  return sign(
    {
      user: tgUser as never,
      chat_instance: "1",
      chat_type: "sender",
      ...(options.startParam ? { start_param: options.startParam } : {}),
    },
    options.token ?? process.env.BOT_TOKEN!,
    options.authDate ?? new Date(),
  );
}

/**
 * The URL hash a messenger opens the app with (core.telegram.org/bots/webapps): the signed init data,
 * the client's version and platform, and its theme, each URL-encoded.
 */
export function launchHash(initData: string, themeParams: Record<string, string> = {}): string {
  const params = new URLSearchParams({
    tgWebAppData: initData,
    tgWebAppVersion: "8.0",
    tgWebAppPlatform: "android",
    tgWebAppThemeParams: JSON.stringify(themeParams),
  });
  return `#${params}`;
}

/**
 * Run in the page before its scripts: the messenger's apps give the page TelegramWebviewProxy, which the
 * app takes as a host that listens (lib/client/launch-params.ts); without it the launch data in the URL
 * is ignored and the app asks for demo launch data. Here every posted event goes nowhere.
 */
export const WEBVIEW_PROXY_SCRIPT = "window.TelegramWebviewProxy = { postEvent() {} };";
