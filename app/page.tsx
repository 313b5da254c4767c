import { ClientShell } from "@/components/shell/client-shell";
import { firstPaintMessages } from "@/lib/i18n/first-paint-messages";

// Rendered per request: a prerendered page is sent with `s-maxage=31536000` (which next.config
// headers cannot override), and a shell cached for a year would keep users on an old deploy.
export const dynamic = "force-dynamic";

// One page: the client shell routes on the URL hash. Nothing Telegram-related renders on the server;
// the page carries the first paint's messages, so they are not in its scripts.
export default function Page() {
  return <ClientShell firstMessages={firstPaintMessages()} />;
}
