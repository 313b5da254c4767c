"use client";
import "@/lib/client/zod-jitless";
import { startTransition, useCallback, useEffect, useLayoutEffect, useState } from "react";
import { afterNextPaint } from "@/lib/client/after-paint";
import { startHost } from "@/lib/client/host";
import { paintLaunchTheme, readHostLaunch, readLaunch, type Launch } from "@/lib/client/launch-params";
import { launchSplashShown, removeLaunchSplash } from "@/lib/client/launch-splash";
import { getToken, login } from "@/lib/client/session";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { AppRoutes, HashRouter } from "./app-router";
import { DataLayer } from "./data-layer";
import { ErrorBoundary } from "./error-boundary";
import { Header } from "./header";
import { HostBackButtonProvider } from "./host-back-button";
import { IntlProvider, localeChosenOnThisPage, readStoredLocale, storeLocale } from "./intl-provider";
import type { FirstPaintMessages } from "@/lib/i18n/first-paint-messages";
import { StartupFailure } from "./startup-failure";
import { PageSpinner } from "@/components/ui/page-spinner";
import { hashQueryMoved } from "@/lib/client/hash-route";

type Startup =
  | { state: "starting" }
  | { state: "failed"; reason: string; locale: Locale }
  | { state: "ready"; launch: Launch; locale: Locale; signedIn?: Promise<string | undefined> };

/**
 * The language of the first paint, before the server's answer: one the person chose on this device,
 * else the messenger's (in the demo ?demo_lang=), mapped the way the server maps it for a new account.
 */
function launchLocale(launch: Launch): Locale {
  return readStoredLocale() ?? (launch.user?.language_code?.toLowerCase().startsWith("en") ? "en" : DEFAULT_LOCALE);
}

async function start(): Promise<Startup> {
  let launch: Launch;
  try {
    launch = await readLaunch();
  } catch (error) {
    return { state: "failed", reason: (error as Error).message, locale: readStoredLocale() ?? DEFAULT_LOCALE };
  }
  return startWith(launch);
}

/** What follows the launch, synchronously: the theme painted, sign-in begun, the hash handed to the router. */
function startWith(launch: Launch): Startup {
  paintLaunchTheme(launch.themeParams);
  // Sign-in runs while the shell and the greeting render; API calls wait for it (lib/client/session.ts).
  // A failed login is ignored here: the first API call retries it through the 401 refresh.
  const signedIn = getToken()
    ? undefined
    : login()
        .then((r) => r.language)
        .catch(() => undefined);
  // The host passes launch params in the hash; the router owns the hash from here on.
  if (!window.location.hash.startsWith("#/")) window.history.replaceState(null, "", "#/");
  const deepLink = hashQueryMoved(window.location.href);
  if (deepLink) window.history.replaceState(null, "", deepLink);
  return { state: "ready", launch, locale: launchLocale(launch), signedIn };
}

// Begun when this chunk evaluates rather than after the first render. Inside the messenger the launch
// is in the URL, so the start is over before React hydrates (docs/decisions/0506-home-from-launch-data.md);
// in the demo the launch (its init data) and sign-in run while React mounts.
const hostLaunch = typeof window === "undefined" ? undefined : readHostLaunch();
/** Inside the messenger: the start, already over. */
const startedAtOnce = hostLaunch && startWith(hostLaunch);
/** In the demo: the start, under way. */
const starting = typeof window === "undefined" || hostLaunch ? undefined : start();

export function ClientRoot({ firstMessages }: { firstMessages: FirstPaintMessages }) {
  // The server renders the spinner (it cannot see the hash), so hydration renders it too.
  const [startup, setStartup] = useState<Startup>({ state: "starting" });

  // Inside the messenger Home is on screen from the first frame: the page's inline copy of the greeting
  // (lib/client/launch-splash.ts), else the shell itself, rendered before the browser paints the spinner.
  // The greeting, the cards and the header come from the launch data and the account state kept on this
  // device (lib/client/account-snapshot.ts); nothing waits for a request.
  useLayoutEffect(() => {
    // The one cascading render wanted here: hydration must match the server's spinner, and an update
    // from a layout effect is rendered before the browser paints it.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (startedAtOnce && !launchSplashShown()) setStartup(startedAtOnce);
  }, []);
  useEffect(() => {
    // A transition: React renders the shell and Home in slices that yield to the browser, instead of
    // one long task that keeps the page from answering a tap (Lighthouse's blocking time). Inside the
    // messenger, while the copy of the greeting is on screen; in the demo, once the launch is read.
    if (startedAtOnce) {
      if (launchSplashShown()) startTransition(() => setStartup(startedAtOnce));
      return;
    }
    void (starting ?? start()).then((ready) => startTransition(() => setStartup(ready)));
  }, []);
  // The copy goes in the commit that renders the shell, before the browser paints it: the shell's
  // greeting takes its place.
  const started = startup.state !== "starting";
  useLayoutEffect(() => {
    if (started) removeLaunchSplash();
  }, [started]);

  const launch = startup.state === "ready" ? startup.launch : undefined;
  const signedIn = startup.state === "ready" ? startup.signedIn : undefined;
  useEffect(() => {
    if (!launch) return;
    // The SDK normally starts once the first screen is painted (onScreenShown); this is the fallback
    // for a first screen that never shows (a failed chunk), so the host's buttons still work.
    const fallback = setTimeout(() => startHost(launch), 5000);
    // The account's saved language wins over the launch data: the messenger's at the first launch, the
    // person's choice once they made one (here or on another device). It is kept on this device, so a
    // reload, which signs in no more, paints in it too and never flips back to the launch's.
    void signedIn?.then((language) => {
      if (!isLocale(language) || localeChosenOnThisPage()) return;
      storeLocale(language);
      startTransition(() =>
        setStartup((current) =>
          current.state === "ready" && current.locale !== language ? { ...current, locale: language } : current,
        ),
      );
    });
    return () => clearTimeout(fallback);
  }, [launch, signedIn]);
  // The SDK is not needed for the first paint (lib/client/host.ts): it loads in the frame after the
  // first screen (the greeting) is painted, so it takes no bandwidth or main thread from it.
  const startHostAfterPaint = useCallback(() => {
    if (launch) afterNextPaint(() => startHost(launch));
  }, [launch]);

  if (startup.state === "starting") return <PageSpinner />;
  if (startup.state === "failed") {
    return (
      <IntlProvider initialLocale={startup.locale} firstMessages={firstMessages}>
        <StartupFailure reason={startup.reason} />
      </IntlProvider>
    );
  }
  return (
    <IntlProvider initialLocale={startup.locale} firstMessages={firstMessages}>
      <DataLayer>
        <HashRouter>
          <HostBackButtonProvider mode={startup.launch.mode}>
            <div className="app-column">
              <Header />
              <main>
                <ErrorBoundary>
                  <AppRoutes onScreenShown={startHostAfterPaint} />
                </ErrorBoundary>
              </main>
            </div>
          </HostBackButtonProvider>
        </HashRouter>
      </DataLayer>
    </IntlProvider>
  );
}
