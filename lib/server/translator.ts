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
  const key = `${locale}:${namespace}`;
  let translator = translators.get(key) as Translator<Namespace> | undefined;
  if (!translator) {
    translator = createTranslator({ locale, messages: MESSAGES[locale], namespace });
    translators.set(key, translator);
  }
  return translator;
}

type Translator<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>> = ReturnType<
  typeof createTranslator<Messages, Namespace>
>;

// One translator per language and namespace for the process: creating one sets up its formatter
// caches anew (about a tenth of a millisecond, several times a bot turn), and a translator holds
// nothing of a call (docs/decisions/0507-chat-turn-cpu-cut-to-the-floor.md).
const translators = new Map<string, unknown>();
