import "server-only";
import type { Messages, NamespaceKeys, NestedKeyOf } from "next-intl";
// next-intl's own translator (it re-exports use-intl's), taken from the React-free core: under the
// react-server condition next-intl's entry also loads its client provider, which plain Node (the
// benches, scripts) cannot run.
import { createTranslator } from "use-intl/core";
import en from "@/messages/en.json";
import ru from "@/messages/ru.json";
import type { Locale } from "@/lib/i18n/locale";

// The same message files as the app's screens, typed by the Russian one (lib/i18n/app-config.d.ts):
// English must have its shape to be assigned here. In the built app they arrive compiled and
// next-intl formats them without its parser (next.config.ts); run outside Next's bundles (the bot's
// benches, scripts, tests) they are read as written and parsed.
const MESSAGES: Record<Locale, Messages> = { ru, en };

/**
 * next-intl's translator of one namespace in a user's language (Russian unless it is English), for
 * texts the server writes: the bot's messages, notices queued to the bot chat, answers the client
 * shows as they are. A key the namespace lacks fails the type check.
 */
export function translatorFor<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  language: string,
  namespace: Namespace,
) {
  const locale: Locale = language === "en" ? "en" : "ru";
  return createTranslator({ locale, messages: MESSAGES[locale], namespace });
}
