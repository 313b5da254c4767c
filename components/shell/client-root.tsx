"use client";
import { useEffect, useState } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "@/lib/client/query-client";
import { demoLanguage } from "@/lib/client/demo-query";
import { getToken, login } from "@/lib/client/session";
import { startTelegram, type HostMode } from "@/lib/client/telegram";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { AppRoutes, HashRouter } from "./app-router";
import { ErrorBoundary } from "./error-boundary";
import { Header } from "./header";
import { HostBackButtonProvider } from "./host-back-button";
import { IntlProvider, readStoredLocale } from "./intl-provider";
import { StartupFailure } from "./startup-failure";
import { PageSpinner } from "@/components/ui/page-spinner";

type Startup =
  | { state: "starting" }
  | { state: "failed"; reason: string; locale: Locale }
  | { state: "ready"; mode: HostMode; locale: Locale };

async function start(): Promise<Startup> {
  let mode: HostMode;
  try {
    mode = await startTelegram();
  } catch (error) {
    return { state: "failed", reason: (error as Error).message, locale: readStoredLocale() ?? DEFAULT_LOCALE };
  }
  let serverLanguage: string | undefined;
  if (!getToken()) {
    // A failed login is ignored here: the first API call retries it through the 401 refresh.
    serverLanguage = await login()
      .then((r) => r.language)
      .catch(() => undefined);
  }
  // The host passes launch params in the hash; the router owns the hash from here on.
  if (!window.location.hash.startsWith("#/")) window.history.replaceState(null, "", "#/");
  // A reload keeps its token (no login, no server language); in the demo ?demo_lang= still names it.
  const launched = serverLanguage ?? (mode === "demo" ? demoLanguage() : undefined);
  const locale = readStoredLocale() ?? (isLocale(launched) ? launched : DEFAULT_LOCALE);
  return { state: "ready", mode, locale };
}

// Begun when this chunk evaluates rather than after the first render: the host start, the demo init
// data and sign-in run while React mounts, and Home's chunk (the usual first screen) downloads alongside.
const early = typeof window === "undefined" ? undefined : start();
if (typeof window !== "undefined") void import("@/components/screens/home/home-screen");

export function ClientRoot() {
  const [startup, setStartup] = useState<Startup>({ state: "starting" });
  const [queryClient] = useState(createQueryClient);

  useEffect(() => {
    (early ?? start()).then(setStartup);
  }, []);

  if (startup.state === "starting") return <PageSpinner />;
  if (startup.state === "failed") {
    return (
      <IntlProvider initialLocale={startup.locale}>
        <StartupFailure reason={startup.reason} />
      </IntlProvider>
    );
  }
  return (
    <IntlProvider initialLocale={startup.locale}>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <HostBackButtonProvider mode={startup.mode}>
            <div className="app-column">
              <Header />
              <main>
                <ErrorBoundary>
                  <AppRoutes />
                </ErrorBoundary>
              </main>
            </div>
          </HostBackButtonProvider>
        </HashRouter>
      </QueryClientProvider>
    </IntlProvider>
  );
}
