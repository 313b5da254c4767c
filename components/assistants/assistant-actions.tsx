"use client";
import { useTranslations } from "next-intl";
import type { ActionType, AssistantItem } from "@/lib/contracts/assistants";

/** Start for a text assistant; 'create' (from text) and 'your photo' for an image assistant. */
export function AssistantActions({
  assistant,
  onOpen,
}: {
  assistant: AssistantItem;
  onOpen: (assistant: AssistantItem, actionType: ActionType | null) => void;
}) {
  const t = useTranslations("Assistants");
  const ti = useTranslations("ImageAssistants");
  if (assistant.type !== "generating_image") {
    return (
      <button
        type="button"
        className="button assistant-card__start"
        data-testid={`start-${assistant.assistant_id}`}
        onClick={() => onOpen(assistant, null)}
      >
        {t("start")}
      </button>
    );
  }
  return (
    <>
      <button
        type="button"
        className="button assistant-card__start"
        data-testid={`create-${assistant.assistant_id}`}
        onClick={() => onOpen(assistant, "text")}
      >
        ✨ {ti("create")}
      </button>
      <button
        type="button"
        className="button button--secondary assistant-card__start"
        data-testid={`photo-${assistant.assistant_id}`}
        onClick={() => onOpen(assistant, "photo")}
      >
        📷 {ti("yourPhoto")}
      </button>
    </>
  );
}
