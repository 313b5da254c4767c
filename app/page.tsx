import { ClientShell } from "@/components/shell/client-shell";

// Rendered per request: a prerendered page is sent with `s-maxage=31536000` (which next.config
// headers cannot override), and a shell cached for a year would keep users on an old deploy.
export const dynamic = "force-dynamic";

// One page: the client shell routes on the URL hash. Nothing Telegram-related renders on the server.
export default function Page() {
  return <ClientShell />;
}
