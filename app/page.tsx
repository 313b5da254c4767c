import { headers } from "next/headers";
import { ClientRoot } from "@/components/shell/client-root";
import { IntlWarmupScript } from "@/components/shell/intl-warmup-script";
import { LaunchSplashScript } from "@/components/shell/launch-splash-script";
import { firstPaintMessages } from "@/lib/i18n/first-paint-messages";
import { translatorFor } from "@/lib/server/translator";

// Rendered per request: a prerendered page is sent with `s-maxage=31536000` (which next.config
// headers cannot override), and a shell cached for a year would keep users on an old deploy.
export const dynamic = "force-dynamic";

/** What the launch copy of Home says in each language (lib/client/launch-splash.ts): the same for every request. */
const splashTexts = (language: "ru" | "en") => ({
  greeting: translatorFor(language, "Home")("greeting", { name: "{name}" }),
  appName: translatorFor(language, "Shell")("appName"),
  free: translatorFor(language, "Shell")("freeTariff"),
});
const SPLASH_TEXTS = { ru: splashTexts("ru"), en: splashTexts("en") };

// One page: the client shell routes on the URL hash. On the server it renders only its start-up
// spinner (nothing Telegram-related), so the shell's scripts are in the HTML and download with
// Next's own instead of after hydration. The page carries the first paint's messages, so they are
// not in its scripts. Before them, an inline script paints Home's greeting from the launch data in the
// URL, so it is in the first frame rather than after the scripts run, and a second one starts loading
// the number and date formatting data on a worker; they carry the request's CSP nonce, which proxy.ts
// puts on the request.
export default async function Page() {
  const nonce = /'nonce-([^']+)'/.exec((await headers()).get("content-security-policy") ?? "")?.[1];
  return (
    <>
      <LaunchSplashScript nonce={nonce} texts={SPLASH_TEXTS} />
      <IntlWarmupScript nonce={nonce} />
      <ClientRoot firstMessages={firstPaintMessages()} />
    </>
  );
}
