"use client";
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import ru from "@/messages/ru.json";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { MONEY_FORMAT } from "@/lib/format";

type Messages = typeof ru;
type LocaleContextValue = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, setLocale: () => {} });

export const useLocale = () => useContext(LocaleContext);

// English is loaded on demand so the first load carries one language only.
const loadMessages = async (locale: Locale): Promise<Messages> =>
  locale === "en" ? ((await import("@/messages/en.json")).default as Messages) : ru;

export function readStoredLocale(): Locale | null {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : null;
}

/** `initialLocale`: the launch's language; a later change of it (the server's, after sign-in) is followed. */
export function IntlProvider({ initialLocale, children }: { initialLocale: Locale; children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const [launchLocale, setLaunchLocale] = useState<Locale>(initialLocale);
  if (initialLocale !== launchLocale) {
    setLaunchLocale(initialLocale);
    setLocaleState(initialLocale);
  }
  const [messages, setMessages] = useState<Messages | null>(initialLocale === "ru" ? ru : null);

  useEffect(() => {
    let cancelled = false;
    loadMessages(locale).then((loaded) => !cancelled && setMessages(loaded));
    document.documentElement.lang = locale;
    return () => {
      cancelled = true;
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    localStorage.setItem(STORAGE_KEYS.language, next);
    setLocaleState(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  if (!messages) return null;
  return (
    <LocaleContext.Provider value={value}>
      <NextIntlClientProvider
        locale={locale}
        messages={messages}
        timeZone="Europe/Moscow"
        // Messages write roubles as `{amount, number, money}` (lib/format.ts).
        formats={{ number: { money: MONEY_FORMAT } }}
        // A key missing in English falls back to its Russian text rather than breaking the screen.
        getMessageFallback={({ namespace, key }) => lookup(ru, namespace, key) ?? key}
        onError={() => {}}
      >
        {children}
      </NextIntlClientProvider>
    </LocaleContext.Provider>
  );
}

function lookup(messages: Messages, namespace: string | undefined, key: string): string | undefined {
  const path = [...(namespace ? namespace.split(".") : []), ...key.split(".")];
  let node: unknown = messages;
  for (const part of path) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === "string" ? node : undefined;
}
