"use client";
import { useEffect, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import type { ModelItem } from "@/lib/contracts/models";
import { ModelIcon } from "./model-icon";
import { VisionMark } from "./vision-mark";
import "./models.css";

type Props = {
  title: string;
  /** Only the models the user may choose (the caller filters by action and access). */
  models: ModelItem[] | undefined;
  starting: boolean;
  error?: string | null;
  /** Shown instead of the plain "no models" line when the tariff, not a failure, left the list empty. */
  emptyOffer?: ReactNode;
  /** Shown above the list (a used-up quota's way up). */
  notice?: ReactNode;
  onChoose: (model: ModelItem) => void;
  onCancel: () => void;
};

/** A bottom sheet listing models to start an assistant with; a loading overlay covers it while starting. */
export function ModelChoiceModal({ title, models, starting, error, emptyOffer, notice, onChoose, onCancel }: Props) {
  const t = useTranslations("Assistants");
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && !starting && onCancel();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel, starting]);

  return (
    <div className="sheet-backdrop" onClick={() => !starting && onCancel()}>
      <div
        className="sheet"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid="model-modal"
        onClick={(e) => e.stopPropagation()}
      >
        <h3 className="sheet__title">{title}</h3>
        {notice}
        {!models && (
          <div className="sheet__list" aria-busy="true">
            {[0, 1, 2, 3].map((i) => (
              <div key={i} className="model-row model-row--skeleton" />
            ))}
          </div>
        )}
        {models && models.length === 0 && (emptyOffer ?? <p className="hint">{t("noModels")}</p>)}
        {models && models.length > 0 && (
          <div className="sheet__list">
            {models.map((model) => (
              <button
                key={model.model_id}
                type="button"
                className="model-row"
                data-testid={`modal-model-${model.model_name}`}
                disabled={starting}
                onClick={() => onChoose(model)}
              >
                <ModelIcon src={model.image} />
                <span className="model-row__name">{model.display_name}</span>
                {model.vision && <VisionMark />}
                <span className="model-row__go" aria-hidden>
                  ›
                </span>
              </button>
            ))}
          </div>
        )}
        {error && (
          <p className="model-picker__error" role="alert" data-testid="model-modal-error">
            {error}
          </p>
        )}
        <button
          type="button"
          className="button button--secondary button--block"
          data-testid="model-modal-cancel"
          onClick={onCancel}
          disabled={starting}
        >
          {t("cancel")}
        </button>
        {starting && (
          <div className="sheet__overlay" data-testid="model-modal-loading">
            <span className="spinner" />
            {t("loadingModels")}
          </div>
        )}
      </div>
    </div>
  );
}
