"use client";
import type { ActionType, AssistantItem } from "@/lib/contracts/assistants";
import { AssistantActions } from "./assistant-actions";
import { AssistantCard, AssistantCardSkeleton } from "./assistant-card";

type Props = {
  assistants: AssistantItem[] | undefined;
  isError: boolean;
  emptyText: string;
  onOpen: (assistant: AssistantItem, actionType?: ActionType | null) => void;
};

/** Skeletons while loading, the empty text on failure or no items, otherwise the cards. */
export function AssistantCardList({ assistants, isError, emptyText, onOpen }: Props) {
  if (!assistants && !isError) {
    return (
      <div className="assistant-list">
        {[0, 1, 2].map((i) => (
          <AssistantCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError || !assistants?.length) {
    return (
      <p className="assistants-empty" data-testid="assistants-empty">
        {emptyText}
      </p>
    );
  }
  return (
    <div className="assistant-list">
      {assistants.map((assistant) => (
        <AssistantCard key={assistant.assistant_id} assistant={assistant}>
          <AssistantActions assistant={assistant} onOpen={onOpen} />
        </AssistantCard>
      ))}
    </div>
  );
}
