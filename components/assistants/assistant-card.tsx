"use client";
import type { ReactNode } from "react";
import { ModelIcon } from "@/components/models/model-icon";
import type { AssistantItem } from "@/lib/contracts/assistants";
import { HeartButton } from "./heart-button";

/** An assistant: picture, name, description, its action buttons and the heart toggle. */
export function AssistantCard({ assistant, children }: { assistant: AssistantItem; children: ReactNode }) {
  return (
    <article className="assistant-card" data-testid={`assistant-${assistant.assistant_id}`}>
      <div className="assistant-card__top">
        <ModelIcon src={assistant.image} size={44} />
        <div className="assistant-card__text">
          <h2 className="assistant-card__name">{assistant.name}</h2>
          <p className="assistant-card__description">{assistant.description}</p>
        </div>
        <HeartButton
          assistantId={assistant.assistant_id}
          assistantType={assistant.ai_chat_type}
          liked={assistant.has_user}
        />
      </div>
      <div className="assistant-card__actions">{children}</div>
    </article>
  );
}

export function AssistantCardSkeleton() {
  return <div className="assistant-card assistant-card--skeleton" aria-hidden />;
}
