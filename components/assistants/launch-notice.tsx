"use client";
import { useTranslations } from "next-intl";
import { DemoChatLink } from "@/components/demo-chat/demo-chat-link";

/** Shown after a launch where the host cannot close the mini-app (demo mode in a browser). */
export function LaunchedNotice() {
  const t = useTranslations("Assistants");
  return (
    <p className="launched-notice" role="status" data-testid="assistant-launched">
      {t("launched")}
      <DemoChatLink />
    </p>
  );
}
