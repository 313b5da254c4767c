"use client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import type { adminPaymentSchema } from "@/lib/contracts/admin-payments";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";
import { useConsoleText } from "./use-console-text";
import type { ConsoleScreenProps } from "./console-route";
import "./money-screens.css";

type Payment = z.infer<typeof adminPaymentSchema>;
const STATUSES = ["completed", "refunded", "pending", "canceled", "failed", "expired"] as const;
const PROVIDERS = ["sandbox", "yookassa", "stars"] as const;

/** Every user's payments (GET /api/admin/payments), filtered, with a refund per completed payment. */
export default function PaymentsTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.payments");
  const format = useFormatter();
  const consoleText = useConsoleText();
  const page = Math.max(1, Number(route.rest) || 1);
  const [status, setStatus] = useState("");
  const [provider, setProvider] = useState("");
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const query = useQuery({
    queryKey: ["admin", "payments", status, provider, page],
    queryFn: () =>
      adminApi("GET /api/admin/payments", {
        query: { status: status || undefined, provider: provider || undefined, page },
      }),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="admin-payments">
      <h1>{t("title")}</h1>
      <div className="admin-form">
        <label>
          {t("status")}
          <select value={status} onChange={(e) => setStatus(e.target.value)} data-testid="payments-status">
            <option value="">{t("any")}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("provider")}
          <select value={provider} onChange={(e) => setProvider(e.target.value)}>
            <option value="">{t("any")}</option>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </select>
        </label>
      </div>
      <QueryState query={query}>
        {(data) =>
          data.items.length === 0 ? (
            <p className="admin-hint">{t("empty")}</p>
          ) : (
            <>
              <div className="admin-table-wrap">
                <table className="admin-table">
                  <thead>
                    <tr>
                      <th>{t("created")}</th>
                      <th>{t("user")}</th>
                      <th>{t("item")}</th>
                      <th>{t("amount")}</th>
                      <th>{t("provider")}</th>
                      <th>{t("status")}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((p) => (
                      <tr key={p.id} data-testid="payment-row" data-status={p.status}>
                        <td>{format.dateTime(new Date(p.created_at), { dateStyle: "short", timeStyle: "short" })}</td>
                        <td>
                          {p.user_name || "—"} <span className="admin-hint">{p.telegram_id}</span>
                        </td>
                        <td>{p.item ? consoleText(p.item, p.item_en) : p.kind}</td>
                        <td>
                          {format.number(p.amount_rub, { style: "currency", currency: "RUB" })}
                          {p.stars !== null ? (
                            <span className="admin-hint"> · {t("stars", { stars: p.stars })}</span>
                          ) : null}
                        </td>
                        <td>{p.provider}</td>
                        <td>
                          {t(`statuses.${p.status === "waiting_confirmation" ? "pending" : p.status}`)}
                          {p.status === "completed" && p.refund_requested_at ? (
                            <div className="admin-hint">{t("refundPending")}</div>
                          ) : null}
                          {p.refund_reason ? (
                            <div className="admin-hint">{t("reasonShown", { reason: p.refund_reason })}</div>
                          ) : null}
                        </td>
                        <td>
                          {p.status === "completed" && !p.refund_requested_at && p.amount_rub > 0 ? (
                            <button type="button" className="admin-link-button" onClick={() => setRefunding(p)}>
                              {t("refund")}
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="admin-pager">
                {page > 1 ? <a href={`#payments/${page - 1}`}>{t("newer")}</a> : null}
                {data.has_more ? <a href={`#payments/${page + 1}`}>{t("older")}</a> : null}
              </div>
            </>
          )
        }
      </QueryState>
      {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  );
}

/** Confirms a refund with the operator's reason; the button is held while the call runs, so one click refunds once. */
function RefundDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const t = useTranslations("admin.payments");
  const format = useFormatter();
  const client = useQueryClient();
  const [reason, setReason] = useState("");
  const refund = useMutation({
    mutationFn: () =>
      adminApi("POST /api/admin/payments/{id}/refund", { params: { id: payment.id }, body: { reason: reason.trim() } }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ["admin", "payments"] });
      onClose();
    },
  });
  const failure =
    refund.error instanceof ApiRequestError ? refund.error.message : refund.error ? t("refundFailed") : null;
  return (
    <div className="admin-dialog" role="dialog" aria-modal="true" aria-labelledby="refund-title">
      <form
        className="admin-dialog__body"
        onSubmit={(e) => {
          e.preventDefault();
          if (reason.trim()) refund.mutate();
        }}
      >
        <h2 id="refund-title">{t("confirmTitle")}</h2>
        <p>
          {t("confirmText", {
            amount: format.number(payment.amount_rub, { style: "currency", currency: "RUB" }),
            user: payment.user_name || String(payment.telegram_id),
            provider: payment.provider,
          })}
        </p>
        <label className="admin-field">
          {t("reason")}
          <input
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            maxLength={250}
            required
            autoFocus
            data-testid="refund-reason"
          />
        </label>
        {failure ? (
          <p className="admin-error" role="alert">
            {failure}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="admin-link-button" onClick={onClose}>
            {t("cancel")}
          </button>
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
