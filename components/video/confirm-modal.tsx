"use client";
import { useTranslations } from "next-intl";
import "@/components/payments/payments.css";

/** The last look before spending: model, format, duration and cost. */
export function ConfirmGenerationModal({ text, busy, onConfirm, onClose }: { text: string; busy: boolean; onConfirm: () => void; onClose: () => void }) {
  const t = useTranslations("Video");
  return (
    <div className="modal-backdrop" role="presentation" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="video-confirm-title" data-testid="video-confirm-modal" onClick={(e) => e.stopPropagation()}>
        <div className="modal__icon" aria-hidden>
          🎬
        </div>
        <h3 id="video-confirm-title" className="modal__title">
          {t("confirmTitle")}
        </h3>
        <p className="hint">{text}</p>
        <div className="modal__actions">
          <button type="button" className="button button--block" data-testid="video-confirm" disabled={busy} onClick={onConfirm}>
            {t("confirm")}
          </button>
          <button type="button" className="modal__close" onClick={onClose}>
            {t("cancel")}
          </button>
        </div>
      </div>
    </div>
  );
}
