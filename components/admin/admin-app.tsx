"use client";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider, type Messages } from "next-intl";
import { useCallback, useEffect, useState } from "react";
import type { Locale } from "@/lib/i18n/locale";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { paintReadableColours } from "@/lib/client/readable-theme";
import { useAdminToken } from "@/lib/client/admin-session";
import { ConsoleLayout } from "./console-layout";
import { readSignInQuery, SignInScreen } from "./sign-in-screen";
import "./admin.css";

export type AdminAppProps = {
  locale: Locale;
  /** The console's own messages (the `admin` namespace of messages/<locale>.json). */
  messages: Pick<Messages, "admin">;
  demo: boolean;
  botUsername: string;
};

/** The operator console (docs/product/console.md): the sign-in until an operator token is stored, then the screens. */
export default function AdminApp({ locale, messages, demo, botUsername }: AdminAppProps) {
  const token = useAdminToken();
  // The console opens in a plain browser, with no host theme: the stylesheet's fallback hint and link
  // blues are too weak on white, so it takes the same readable shades as the mini-app (WCAG AA).
  useEffect(() => paintReadableColours({}, false), []);
  // A sign-in the page was opened with (a one-time link, a widget redirect) replaces a stored session.
  const [signInQuery] = useState(readSignInQuery);
  const [signingIn, setSigningIn] = useState(signInQuery !== null);
  const signInDone = useCallback(() => setSigningIn(false), []);
  // A call the server answered is not retried (the operator sees its error); a lost connection is, once.
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            retry: (count, error) => !(error instanceof ApiRequestError) && count < 1,
            refetchOnWindowFocus: false,
          },
        },
      }),
  );
  const languageHref = `?lang=${locale === "ru" ? "en" : "ru"}${typeof window === "undefined" ? "" : window.location.hash}`;
  return (
    <NextIntlClientProvider
      locale={locale}
      messages={messages}
      timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
    >
      <QueryClientProvider client={queryClient}>
        {token && !signingIn ? (
          <ConsoleLayout languageHref={languageHref} />
        ) : (
          <SignInScreen demo={demo} botUsername={botUsername} signInQuery={signInQuery} onDone={signInDone} />
        )}
      </QueryClientProvider>
    </NextIntlClientProvider>
  );
}
