import { ClientRoot } from "@/components/shell/client-root";
import { firstPaintMessages } from "@/lib/i18n/first-paint-messages";

// Rendered per request: a prerendered page is sent with `s-maxage=31536000` (which next.config
// headers cannot override), and a shell cached for a year would keep users on an old deploy.
export const dynamic = "force-dynamic";

// One page: the client shell routes on the URL hash. On the server it renders only its start-up
// spinner (nothing Telegram-related), so the shell's scripts are in the HTML and download with
// Next's own instead of after hydration. The page carries the first paint's messages, so they are
// not in its scripts.
export default function Page() {
  return <ClientRoot firstMessages={firstPaintMessages()} />;
}
