import type messages from "@/messages/ru.json";
import type { Locale } from "@/lib/i18n/locale";

// next-intl reads its types from here: every `t(...)` key is checked against the Russian file (the
// default language; a unit test keeps English's keys and placeholders the same), and a locale is
// one of ours.
declare module "next-intl" {
  interface AppConfig {
    Locale: Locale;
    Messages: typeof messages;
  }
}
