"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { useRefundPayment, type AdminPayment } from "@/lib/queries/admin/payments";
import { Alert } from "./ui/alert";
import { LinkButton } from "./ui/link-button";
import { TextField } from "./ui/text-field";
import { useConsoleFormat } from "./ui/use-console-format";

/** Confirms a refund with the operator's reason; the button is held while the call runs, so one click refunds once. */
export function RefundDialog({ payment, onClose }: { payment: AdminPayment; onClose: () => void }) {
  const t = useTranslations("admin.payments");
  const { rub } = useConsoleFormat();
  const [reason, setReason] = useState("");
  const refund = useRefundPayment();
  const failure =
    refund.error instanceof ApiRequestError ? refund.error.message : refund.error ? t("refundFailed") : null;
  return (
    <div className="admin-dialog" role="dialog" aria-modal="true" aria-labelledby="refund-title">
      <form
        className="admin-dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) refund.mutate({ id: payment.id, reason: reason.trim() }, { onSuccess: onClose });
        }}
      >
        <h2 id="refund-title">{t("confirmTitle")}</h2>
        <p>
          {t("confirmText", {
            amount: rub(payment.amount_rub),
            user: payment.user_name || String(payment.telegram_id),
            provider: payment.provider,
          })}
        </p>
        <TextField
          label={t("reason")}
          value={reason}
          onChange={setReason}
          maxLength={250}
          required
          autoFocus
          testId="refund-reason"
        />
        <Alert message={failure} />
        <div className="admin-dialog__actions">
          <LinkButton onClick={onClose}>{t("cancel")}</LinkButton>
          <button
            type="submit"
            className="admin-button admin-button--danger"
            disabled={!reason.trim() || refund.isPending}
            data-testid="refund-confirm"
          >
            {refund.isPending ? t("refunding") : t("confirm")}
          </button>
        </div>
      </form>
    </div>
  );
}
