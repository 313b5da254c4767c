"use client";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { openPaymentLink } from "@/lib/client/host";
import type { PendingPaymentResponse } from "@/lib/contracts/tariff";
import { useCancelPendingPayment, useCheckPendingPayment } from "@/lib/queries/payments";
import "./payments.css";

type ModalProps = {
  pending: PendingPaymentResponse;
  onClose: () => void;
  /** Called once the pending payment was cancelled, to go on creating a new one. */
  onCancelled: () => void;
};

/** Offers to continue a pending payment, cancel it and create a new one, or close (docs/product/payments.md). */
export function PendingPaymentModal({ pending, onClose, onCancelled }: ModalProps) {
  const t = useTranslations("PendingPayment");
  const cancel = useCancelPendingPayment();
  const [failed, setFailed] = useState(false);

  const onContinue = () => {
    if (pending.payment_url) openPaymentLink(pending.payment_url);
    onClose();
  };
  const onCancel = () => {
    setFailed(false);
    cancel.mutate(undefined, { onSuccess: onCancelled, onError: () => setFailed(true) });
  };

  return (
    <div className="modal-backdrop" role="presentation" onClick={onClose}>
      <div
        className="modal"
        role="dialog"
        aria-modal="true"
        aria-labelledby="pending-payment-title"
        data-testid="pending-payment-modal"
        onClick={(e) => e.stopPropagation()}
      >
        <div className="modal__icon" aria-hidden>
          ⏳
        </div>
        <h3 id="pending-payment-title" className="modal__title">
          {t("title")}
        </h3>
        <p className="hint">{t("text")}</p>
        {pending.ref_amount_used > 0 && (
          <p className="hint" data-testid="pending-referral-note">
            {t("referralKept")}
          </p>
        )}
        {pending.expires_in_minutes !== null && (
          <p className="modal__expires" data-testid="pending-expires">
            {t("expires", { minutes: pending.expires_in_minutes })}
          </p>
        )}
        {failed && (
          <p className="pay-error" role="alert" data-testid="pending-cancel-error">
            {t("cancelFailed")}
          </p>
        )}
        <div className="modal__actions">
          <button
            type="button"
            className="button button--block"
            data-testid="pending-continue"
            disabled={!pending.payment_url}
            onClick={onContinue}
          >
            {t("continue")}
          </button>
          <button
            type="button"
            className="button button--secondary button--block"
            data-testid="pending-cancel"
            disabled={cancel.isPending}
            onClick={onCancel}
          >
            {cancel.isPending ? t("cancelling") : t("cancelAndCreate")}
          </button>
          <button type="button" className="modal__close" data-testid="pending-close" onClick={onClose}>
            {t("close")}
          </button>
        </div>
      </div>
    </div>
  );
}

const NOTICE_MS = 5000;

/**
 * Runs `next` unless a pending payment exists; then the modal offers to continue it or to cancel
 * it and run `next`. A failed check is reported and the flow goes on (docs/product/payments.md).
 */
export function usePendingPaymentGuard(): {
  guard: (next: () => void) => Promise<void>;
  checking: boolean;
  ui: ReactNode;
} {
  const t = useTranslations("PendingPayment");
  const check = useCheckPendingPayment();
  const [pending, setPending] = useState<PendingPaymentResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const nextRef = useRef<(() => void) | null>(null);

  useEffect(() => {
    if (!checkFailed) return;
    const timer = setTimeout(() => setCheckFailed(false), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [checkFailed]);

  const guard = async (next: () => void) => {
    setChecking(true);
    setCheckFailed(false);
    let result: PendingPaymentResponse | null = null;
    try {
      result = await check();
    } catch (error) {
      console.error("Pending payment check failed", error);
      setCheckFailed(true);
    } finally {
      setChecking(false);
    }
    if (result?.has_pending_payment) {
      nextRef.current = next;
      setPending(result);
    } else next();
  };

  const ui = (
    <>
      {checkFailed && (
        <p className="notice notice--error" role="alert" data-testid="pending-check-error">
          {t("checkFailed")}
        </p>
      )}
      {pending && (
        <PendingPaymentModal
          pending={pending}
          onClose={() => setPending(null)}
          onCancelled={() => {
            setPending(null);
            nextRef.current?.();
          }}
        />
      )}
    </>
  );
  return { guard, checking, ui };
}
