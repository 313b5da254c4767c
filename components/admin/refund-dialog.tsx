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
  const [amount, setAmount] = useState("");
  const refund = useRefundPayment();
  const left = Math.round((payment.amount_rub - payment.refunded_rub) * 100) / 100;
  const wanted = amount.trim() === "" ? left : Number(amount);
  const amountOk = Number.isFinite(wanted) && wanted > 0 && wanted <= left;
  const partial = amountOk && wanted < left;
  const failure =
    refund.error instanceof ApiRequestError ? refund.error.message : refund.error ? t("refundFailed") : null;
  return (
    <div className="admin-dialog" role="dialog" aria-modal="true" aria-labelledby="refund-title">
      <form
        className="admin-dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim() && amountOk)
            refund.mutate(
              { id: payment.id, reason: reason.trim(), amount_rub: partial ? wanted : undefined },
              { onSuccess: onClose },
            );
        }}
      >
        <h2 id="refund-title">{t("confirmTitle")}</h2>
        <p>
          {t("confirmText", {
            amount: rub(amountOk ? wanted : left),
            user: payment.user_name || String(payment.telegram_id),
            provider: payment.provider,
          })}
        </p>
        {payment.provider === "stars" ? (
          <p className="admin-hint">{t("starsWhole")}</p>
        ) : (
          <div className="admin-form">
            <TextField
              label={t("amountField", { left: rub(left) })}
              value={amount}
              onChange={setAmount}
              inputMode="decimal"
              placeholder={String(left)}
              testId="refund-amount"
            />
            <LinkButton onClick={() => setAmount(String(payment.refund_preview.unused_rub))}>
              {t("unusedPart", { amount: rub(payment.refund_preview.unused_rub) })}
            </LinkButton>
          </div>
        )}
        <RefundPreview payment={payment} amount={amountOk ? wanted : 0} whole={!partial} />
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
            disabled={!reason.trim() || !amountOk || refund.isPending}
            data-testid="refund-confirm"
          >
            {refund.isPending ? t("refunding") : t("confirm")}
          </button>
        </div>
      </form>
    </div>
  );
}

/** What the refund takes back, before the operator confirms: days of the tariff, or the package's units. */
function RefundPreview({ payment, amount, whole }: { payment: AdminPayment; amount: number; whole: boolean }) {
  const t = useTranslations("admin.payments");
  const kinds = useTranslations("admin.kinds");
  const p = payment.refund_preview;
  const share = payment.amount_rub > 0 ? amount / payment.amount_rub : 0;
  let text: string | null = null;
  if (p.days_left !== null && p.days_total !== null) {
    const days = whole ? p.days_left : Math.min(p.days_left, Math.round(p.days_total * share * 10) / 10);
    text = t("takesDays", { days, left: p.days_left });
  } else if (p.units_left !== null && p.units_total !== null && p.units_kind) {
    const units = Math.min(p.units_left, Math.round(p.units_total * share));
    text = t("takesUnits", { units, kind: kinds(p.units_kind), left: p.units_left });
  }
  return text ? (
    <p className="admin-hint" data-testid="refund-preview">
      {text}
    </p>
  ) : null;
}
