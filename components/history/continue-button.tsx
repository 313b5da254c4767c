"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { DemoChatLink } from "@/components/demo-chat/demo-chat-link";
import { demoChatUrl } from "@/lib/client/demo-query";
import { isDemoHost } from "@/lib/client/host";
import { useContinueSession } from "@/lib/queries/history";

/**
 * The floating "continue in chat" button: a round icon that expands to its label on hover or on the
 * first tap; pressing it expanded continues the session in the messenger (and closes the mini-app);
 * in demo mode it opens the demo chat page, which stands in for the messenger chat.
 */
export function ContinueButton({ sessionId }: { sessionId: number }) {
  const t = useTranslations("History");
  const [expanded, setExpanded] = useState(false);
  const continueSession = useContinueSession();
  const onClick = () => {
    if (!expanded) return setExpanded(true);
    if (continueSession.isPending) return;
    continueSession.mutate(sessionId, { onSuccess: () => isDemoHost() && window.location.assign(demoChatUrl()) });
  };
  return (
    <div className="continue-float">
      {continueSession.isSuccess && (
        <p className="history-notice" role="status" data-testid="history-continued">
          {t("continued")}
          <DemoChatLink />
        </p>
      )}
      {continueSession.isError && (
        <p className="history-inline-error" role="alert">
          {t("continueFailed", { message: continueSession.error.message })}
        </p>
      )}
      <button
        type="button"
        className={`continue-float__button${expanded ? " continue-float__button--expanded" : ""}`}
        // Only a real mouse hovers; a touch would expand and press in one tap.
        onPointerEnter={(event) => event.pointerType === "mouse" && setExpanded(true)}
        onPointerLeave={(event) => event.pointerType === "mouse" && setExpanded(false)}
        onClick={onClick}
        aria-label={t("continue")}
        aria-expanded={expanded}
        data-testid="history-continue"
      >
        <span aria-hidden>💬</span>
        <span className="continue-float__label">{continueSession.isPending ? t("continuing") : t("continue")}</span>
      </button>
    </div>
  );
}
