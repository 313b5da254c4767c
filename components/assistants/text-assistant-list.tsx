"use client";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { routes } from "@/lib/routes";
import { AssistantActions } from "./assistant-actions";
import { AssistantCard, AssistantCardSkeleton } from "./assistant-card";
import { LaunchedNotice } from "./launch-notice";
import { useAssistantLauncher } from "./use-assistant-launcher";
import "./assistants.css";

type Props = {
  title: string;
  assistants: AssistantItem[] | undefined;
  isError: boolean;
  emptyText: string;
};

/**
 * A list of assistants (a category or the favourites). Start opens a modal of the text models the
 * user has access to; choosing one starts the assistant with it.
 */
export function TextAssistantList({ title, assistants, isError, emptyText }: Props) {
  const t = useTranslations("Assistants");
  const [, navigate] = useLocation();
  const launcher = useAssistantLauncher();

  return (
    <div className="page assistants-page">
      <div className="assistants-page__head">
        <button type="button" className="back-chip" data-testid="assistants-back" onClick={() => navigate(routes.textAssistants())}>
          ‹ {t("back")}
        </button>
        <h1>{title}</h1>
      </div>
      {launcher.launched && <LaunchedNotice />}

      {!assistants && !isError && (
        <div className="assistant-list">
          {[0, 1, 2].map((i) => (
            <AssistantCardSkeleton key={i} />
          ))}
        </div>
      )}
      {(isError || assistants?.length === 0) && (
        <p className="assistants-empty" data-testid="assistants-empty">
          {emptyText}
        </p>
      )}
      {assistants && assistants.length > 0 && (
        <div className="assistant-list">
          {assistants.map((assistant) => (
            <AssistantCard key={assistant.assistant_id} assistant={assistant}>
              <AssistantActions assistant={assistant} onOpen={launcher.open} />
            </AssistantCard>
          ))}
        </div>
      )}
      {launcher.modal}
    </div>
  );
}
