"use client";
import { useTranslations } from "next-intl";
import { VideoModal } from "./video-modal";

/** The last look before spending: model, format, duration and cost. */
export function ConfirmGenerationModal({
  text,
  busy,
  onConfirm,
  onClose,
}: {
  text: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslations("Video");
  return (
    <VideoModal icon="🎬" title={t("confirmTitle")} testId="video-confirm-modal" onClose={onClose}>
      <p className="hint">{text}</p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--block"
          data-testid="video-confirm"
          disabled={busy}
          onClick={onConfirm}
        >
          {t("confirm")}
        </button>
        <button type="button" className="modal__close" onClick={onClose}>
          {t("cancel")}
        </button>
      </div>
    </VideoModal>
  );
}
