import "server-only";
import ru from "@/messages/ru.json";

// The namespaces the shell and Home show (and the start-up failure page). The page sends them with its
// HTML (app/page.tsx), so the first paint needs no message chunk; every message of the language
// loads right after it, and screens other than Home wait for that (components/shell/intl-provider.tsx).
// In the build the file is imported compiled (next.config.ts), so they are sent in the form the
// client's formatter reads, as the lazily loaded files are.
const FIRST_PAINT_NAMESPACES = ["Shell", "Startup", "Home"] as const;

export type FirstPaintMessages = Pick<typeof ru, (typeof FIRST_PAINT_NAMESPACES)[number]>;

/** Russian, the default language; an English first paint waits for its file as before. */
export const firstPaintMessages = (): FirstPaintMessages =>
  Object.fromEntries(FIRST_PAINT_NAMESPACES.map((namespace) => [namespace, ru[namespace]])) as FirstPaintMessages;
