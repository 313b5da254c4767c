"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useAdminPayments, type AdminPayment as Payment } from "@/lib/queries/admin/payments";
import type { ConsoleScreenProps } from "./console-route";
import { RefundDialog } from "./refund-dialog";
import { Choice } from "./ui/choice";
import type { Column } from "./ui/data-table";
import { LinkButton } from "./ui/link-button";
import { Pager } from "./ui/pager";
import { QueryTable } from "./ui/query-table";
import { useConsoleFormat } from "./ui/use-console-format";
import { useConsoleText } from "./use-console-text";
import "./money-screens.css";

const STATUSES = ["completed", "refunded", "pending", "canceled", "failed", "expired"] as const;
const PROVIDERS = ["sandbox", "yookassa", "stars"] as const;

function usePaymentColumns(): Column<Payment>[] {
  const t = useTranslations("admin.payments");
  const tv = useTranslations("admin.values") as (key: string) => string;
  const { when, rub } = useConsoleFormat();
  const consoleText = useConsoleText();
  return [
    { header: t("created"), cell: (p) => when(p.created_at) },
    {
      header: t("user"),
      cell: (p) => (
        <>
          {p.user_name || "—"} <span className="admin-hint">{p.telegram_id}</span>
        </>
      ),
    },
    { header: t("item"), cell: (p) => (p.item ? consoleText(p.item, p.item_en) : tv(`paymentKinds.${p.kind}`)) },
    {
      header: t("amount"),
      cell: (p) => (
        <>
          {rub(p.amount_rub)}
          {p.stars !== null ? <span className="admin-hint"> · {t("stars", { stars: p.stars })}</span> : null}
        </>
      ),
    },
    { header: t("provider"), cell: (p) => tv(`providers.${p.provider}`) },
    {
      header: t("status"),
      cell: (p) => (
        <>
          {t(`statuses.${p.status === "waiting_confirmation" ? "pending" : p.status}`)}
          {p.refund_pending ? <div className="admin-hint">{t("refundPending")}</div> : null}
          {p.refunded_rub > 0 && p.status === "completed" ? (
            <div className="admin-hint">{t("refundedSoFar", { amount: rub(p.refunded_rub) })}</div>
          ) : null}
          {p.refund_reason ? <div className="admin-hint">{t("reasonShown", { reason: p.refund_reason })}</div> : null}
        </>
      ),
    },
  ];
}

/** Every user's payments (GET /api/admin/payments), filtered, with a refund per completed payment. */
export default function PaymentsTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.payments");
  const page = Math.max(1, Number(route.rest) || 1);
  const [status, setStatus] = useState("");
  const [provider, setProvider] = useState("");
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const columns = usePaymentColumns();
  const any = { value: "", label: t("any") };
  return (
    <section data-testid="admin-payments">
      <h1>{t("title")}</h1>
      <div className="admin-form">
        <Choice
          label={t("status")}
          value={status}
          onChange={setStatus}
          options={[any, ...STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))]}
          testId="payments-status"
        />
        <Choice
          label={t("provider")}
          value={provider}
          onChange={setProvider}
          options={[any, ...PROVIDERS.map((p) => ({ value: p, label: p }))]}
        />
      </div>
      <QueryTable
        query={useAdminPayments({ status: status || undefined, provider: provider || undefined, page })}
        columns={columns}
        empty={t("empty")}
        rowKey={(p) => p.id}
        rowTestId="payment-row"
        rowAttributes={(p) => ({ "data-status": p.status })}
        actions={(p) =>
          p.status === "completed" && !p.refund_pending && p.amount_rub > p.refunded_rub ? (
            <LinkButton onClick={() => setRefunding(p)}>{t("refund")}</LinkButton>
          ) : null
        }
        footer={(data) => <Pager href={(p) => `#payments/${p}`} page={page} hasMore={data.has_more} />}
      />
      {refunding ? <RefundDialog payment={refunding} onClose={() => setRefunding(null)} /> : null}
    </section>
  );
}
