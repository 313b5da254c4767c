"use client";
import { useTranslations } from "next-intl";
import { failureKind } from "@/lib/client/retry-policy";
import { openPaymentLink } from "@/lib/client/host";
import { usePendingPayment } from "@/lib/queries/payments";
import type { PayBlocker } from "./payment-form";
import "./payments.css";

/** A payment already waiting (after a reload too): its minutes left and a way back to its page. */
function PendingNotice() {
  const t = useTranslations("Payment");
  const { data } = usePendingPayment();
  if (!data?.has_pending_payment) return null;
  const url = data.payment_url;
  return (
    <div className="pay-deferred" role="status" data-testid="pay-pending">
      <p>
        {data.expires_in_minutes !== null
          ? t("pendingNotice", { minutes: data.expires_in_minutes })
          : t("pendingNoticeNoTime")}
      </p>
      {url && (
        <button
          type="button"
          className="button button--secondary button--block"
          data-testid="pay-pending-open"
          onClick={() => openPaymentLink(url)}
        >
          {t("openPaymentPage")}
        </button>
      )}
    </div>
  );
}

/**
 * Pay (reads 'processing' while pending) and Cancel (one step back), with the reason Pay is off and
 * what went wrong when the payment could not be created (the form above stays as it was).
 */
export function PayActions({
  blocker,
  pending,
  onPay,
  openDeferred,
  error,
}: {
  blocker: PayBlocker | null;
  pending: boolean;
  onPay: () => void;
  /** The last payment creation's failure, if it failed. */
  error?: unknown;
  /** Set when the payment link came too late to open on its own (see usePaymentMutation). */
  openDeferred?: (() => void) | null;
}) {
  const t = useTranslations("Payment");
  const warn = useTranslations("PayWarning");
  return (
    <div className="pay-actions">
      <PendingNotice />
      {openDeferred && (
        <div className="pay-deferred" role="status">
          <p>{t("linkReady")}</p>
          <button type="button" className="button button--block" data-testid="open-payment-page" onClick={openDeferred}>
            {t("openPaymentPage")}
          </button>
        </div>
      )}
      {error != null && !pending && (
        <p className="pay-warning" role="alert" data-testid="pay-error">
          {t("createFailed", { reason: failureKind(error) })}
        </p>
      )}
      {blocker && (
        <p className="pay-warning" role="alert" data-testid="pay-warning">
          {warn(blocker)}
        </p>
      )}
      <button
        type="button"
        className="button button--block"
        data-testid="pay-button"
        disabled={blocker !== null || pending}
        onClick={onPay}
      >
        {pending ? t("processing") : t("pay")}
      </button>
      <button
        type="button"
        className="button button--secondary button--block"
        data-testid="pay-cancel"
        onClick={() => window.history.back()}
      >
        {t("cancel")}
      </button>
    </div>
  );
}
