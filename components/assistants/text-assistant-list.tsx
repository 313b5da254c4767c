"use client";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { routes } from "@/lib/routes";
import { useHideHostBackButton } from "@/components/shell/host-back-button";
import { AssistantCardList } from "./assistant-card-list";
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
  // The list has a Back of its own (to the categories): the host's would be a second one.
  useHideHostBackButton();

  return (
    <div className="page assistants-page">
      <div className="assistants-page__head">
        <button
          type="button"
          className="back-chip"
          data-testid="assistants-back"
          onClick={() => navigate(routes.textAssistants())}
        >
          ‹ {t("back")}
        </button>
        <h1>{title}</h1>
      </div>
      {launcher.launched && <LaunchedNotice />}

      <AssistantCardList assistants={assistants} isError={isError} emptyText={emptyText} onOpen={launcher.open} />
      {launcher.modal}
    </div>
  );
}
