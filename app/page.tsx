import { ClientShell } from "@/components/shell/client-shell";

// One page: the client shell routes on the URL hash. Nothing Telegram-related renders on the server.
export default function Page() {
  return <ClientShell />;
}
