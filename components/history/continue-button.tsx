"use client";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { DemoChatLink } from "@/components/demo-chat/demo-chat-link";
import { demoChatUrl } from "@/lib/client/demo-query";
import { isDemoHost } from "@/lib/client/host";
import { useContinueSession, useSessionModels } from "@/lib/queries/history";

/**
 * The floating "continue in chat" button: a round icon that expands to its label on hover or on the
 * first tap, with the model to continue with (the session's own, or another its tariff opens for
 * the action; the history stays the new model's context); pressing it expanded continues the session
 * in the messenger (and closes the mini-app); in demo mode it opens the demo chat page, which stands
 * in for the messenger chat.
 */
export function ContinueButton({ sessionId }: { sessionId: number }) {
  const t = useTranslations("History");
  const steer = useTranslations("HistorySteer");
  const [expanded, setExpanded] = useState(false);
  const [chosen, setChosen] = useState<number | undefined>();
  const choice = useSessionModels(sessionId, expanded);
  const continueSession = useContinueSession();
  const current = choice.data?.current_model_id;
  const onClick = () => {
    if (!expanded) return setExpanded(true);
    if (continueSession.isPending) return;
    const modelId = chosen !== undefined && chosen !== current ? chosen : undefined;
    continueSession.mutate(
      { sessionId, modelId },
      { onSuccess: () => isDemoHost() && window.location.assign(demoChatUrl()) },
    );
  };
  return (
    // Only a real mouse hovers (a touch would expand and press in one tap); leaving the button for the
    // model choice beside it keeps it open.
    <div
      className="continue-float"
      onPointerEnter={(event) => event.pointerType === "mouse" && setExpanded(true)}
      onPointerLeave={(event) => event.pointerType === "mouse" && setExpanded(false)}
    >
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
      {expanded && choice.data && choice.data.models.length > 1 && (
        <label className="continue-float__model">
          {steer("modelLabel")}
          <select
            value={chosen ?? current}
            onChange={(event) => setChosen(Number(event.target.value))}
            data-testid="history-continue-model"
          >
            {choice.data.models.map((m) => (
              <option key={m.model_id} value={m.model_id}>
                {m.display_name}
              </option>
            ))}
          </select>
        </label>
      )}
      <button
        type="button"
        className={`continue-float__button${expanded ? " continue-float__button--expanded" : ""}`}
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
