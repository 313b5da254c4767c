"use client";
import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { NextIntlClientProvider } from "next-intl";
import { afterNextPaint } from "@/lib/client/after-paint";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import type { FirstPaintMessages } from "@/lib/i18n/first-paint-messages";
import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locale";
import { COMPACT_FORMAT, MONEY_FORMAT } from "@/lib/shared/format";

type Messages = typeof import("@/messages/ru.json");
type ShownMessages = Messages | FirstPaintMessages;
type LocaleContextValue = { locale: Locale; setLocale: (locale: Locale) => void };
const LocaleContext = createContext<LocaleContextValue>({ locale: DEFAULT_LOCALE, setLocale: () => {} });

export const useLocale = () => useContext(LocaleContext);

// Each language file is its own chunk: the first paint has only the page's first-paint namespaces
// (lib/i18n/first-paint-messages.ts); every Russian message (also English's fallback) loads right
// after it, English only when shown.
const loading: Partial<Record<Locale, Promise<Messages>>> = {};
const loadMessages = (locale: Locale): Promise<Messages> =>
  (loading[locale] ??= (locale === "en" ? import("@/messages/en.json") : import("@/messages/ru.json")).then(
    (m) => m.default as Messages,
  ));

/**
 * A lazily loaded part of the app beyond the shell and Home (a screen, a sheet): its chunk, once every
 * Russian message is in too, so it never renders with the first paint's namespaces only. The provider
 * below asked for them first, so it has them in its state by the time the part renders.
 */
export const withAllMessages =
  <T,>(load: () => Promise<T>): (() => Promise<T>) =>
  () =>
    Promise.all([load(), loadMessages("ru")]).then(([loaded]) => loaded);

export function readStoredLocale(): Locale | null {
  const stored = localStorage.getItem(STORAGE_KEYS.language);
  return isLocale(stored) ? stored : null;
}

/** Keeps the account's language on this device: the first paint of the next launch is in it. */
export const storeLocale = (locale: Locale): void => localStorage.setItem(STORAGE_KEYS.language, locale);

// Set when the person picks a language on this page: the sign-in's answer (the account's language
// as saved before the pick) then arrives too late to count, and must not put the old one back.
let chosenOnThisPage = false;
export const localeChosenOnThisPage = (): boolean => chosenOnThisPage;

/**
 * `initialLocale`: the launch's language; a later change of it (the server's, after sign-in) is followed.
 * `firstMessages`: the Russian namespaces of the first paint, sent with the page.
 */
export function IntlProvider({
  initialLocale,
  firstMessages,
  children,
}: {
  initialLocale: Locale;
  firstMessages: FirstPaintMessages;
  children: ReactNode;
}) {
  const [locale, setLocaleState] = useState<Locale>(initialLocale);
  const [launchLocale, setLaunchLocale] = useState<Locale>(initialLocale);
  if (initialLocale !== launchLocale) {
    setLaunchLocale(initialLocale);
    setLocaleState(initialLocale);
  }
  // The messages on screen and their language (the previous ones stay until a new language is in).
  const [shown, setShown] = useState<{ locale: Locale; messages: ShownMessages } | null>(
    initialLocale === "ru" ? { locale: "ru", messages: firstMessages } : null,
  );

  useEffect(() => {
    let cancelled = false;
    // Asked for once the first frame is painted, so the first paint's scripts are the only ones it waits
    // for (inside the messenger this effect runs before that paint: data-layer.tsx).
    const cancelLoad = afterNextPaint(() =>
      Promise.all([loadMessages("ru"), locale === "en" ? loadMessages("en") : undefined]).then(([ru, en]) => {
        if (cancelled) return;
        // Every screen re-renders with the new messages: in slices that yield to the browser (a transition).
        startTransition(() => setShown({ locale, messages: en ? overRussian(ru, en) : ru }));
      }),
    );
    document.documentElement.lang = locale;
    return () => {
      cancelled = true;
      cancelLoad();
    };
  }, [locale]);

  const setLocale = useCallback((next: Locale) => {
    chosenOnThisPage = true;
    storeLocale(next);
    setLocaleState(next);
  }, []);

  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  if (!shown) return null;
  return (
    <LocaleContext.Provider value={value}>
      <NextIntlClientProvider
        locale={shown.locale}
        messages={shown.messages}
        // No time zone given: times then show in the browser's own, the device's (docs/product/screens.md).
        // Reading it by name (Intl.DateTimeFormat) would be the load's first Intl call and pay for ICU's
        // start-up (about 50 ms at 4× CPU throttle, bench:web) before the greeting, which shows no time.
        // Messages write roubles as `{amount, number, money}` (lib/shared/format.ts).
        formats={{ number: { money: MONEY_FORMAT, compact: COMPACT_FORMAT } }}
        // A key no language has shows as itself (next-intl's default would prefix its namespace).
        getMessageFallback={({ key }) => key}
        onError={() => {}}
      >
        {children}
      </NextIntlClientProvider>
    </LocaleContext.Provider>
  );
}

/**
 * English laid over Russian: a key missing in English shows its Russian message, formatted with its
 * values like any other, rather than breaking the screen. (The built app's messages are compiled
 * (next.config.ts), so a fallback text could not be handed to next-intl as it is.)
 */
function overRussian<T extends object>(russian: T, english: T): T {
  const merged: Record<string, unknown> = { ...(russian as Record<string, unknown>) };
  for (const [key, message] of Object.entries(english)) {
    const under = merged[key];
    merged[key] = isGroup(message) && isGroup(under) ? overRussian(under, message) : message;
  }
  return merged as T;
}

// A namespace or group of messages; a message is a string, or once compiled, a string or an array.
const isGroup = (node: unknown): node is object => node !== null && typeof node === "object" && !Array.isArray(node);
