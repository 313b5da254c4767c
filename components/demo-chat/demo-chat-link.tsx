"use client";
import { useTranslations } from "next-intl";
import { demoChatUrl } from "@/lib/client/demo-query";
import { isDemoHost } from "@/lib/client/host";
import "./demo-chat-link.css";

/** In demo mode "continue in the chat" leads to the demo chat page; inside the messenger the chat is there already. */
export function DemoChatLink() {
  const t = useTranslations("DemoChat");
  if (!isDemoHost()) return null;
  return (
    <a className="demo-chat-link" href={demoChatUrl()} data-testid="demo-chat-link">
      {t("openChat")}
      {"\u00a0›"}
    </a>
  );
}
