"use client";
import { useFormatter, useTranslations } from "next-intl";
import { PageSpinner } from "@/components/ui/page-spinner";
import { useLoadMoreSentinel } from "@/components/ui/use-load-more";
import { perKind } from "@/lib/shared/quota-kinds";
import { useUsageList } from "@/lib/queries/usage";

const KIND_OF = perKind("apiKey", (r) => r.kind);

/** Every change of the caller's balances (docs/product/billing.md), newest first, the next page loaded as the end comes into view. */
export function SpendingList() {
  const t = useTranslations("Spending");
  const tl = useTranslations("Limits");
  const format = useFormatter();
  const list = useUsageList();
  const sentinel = useLoadMoreSentinel(list);
  if (list.isPending) return <PageSpinner />;
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.isError && rows.length === 0) return <p className="account-hint">{t("loadError")}</p>;
  if (rows.length === 0) return <p className="account-hint">{t("empty")}</p>;
  return (
    <>
      <ul className="spending-list" data-testid="spending-list">
        {rows.map((row) => (
          <li key={row.id} className="spending-row" data-testid="spending-row">
            <div className="spending-row__what">
              <strong>{t(`reason.${row.reason}`)}</strong>
              <span className="account-hint">
                {tl(`kind.${KIND_OF[row.kind]}`)}
                {row.model_display_name ? ` · ${row.model_display_name}` : ""} ·{" "}
                {format.dateTime(new Date(row.created_at), { dateStyle: "short", timeStyle: "short" })}
              </span>
            </div>
            <div className="spending-row__units">
              <strong className={row.units < 0 ? "spending-row__minus" : "spending-row__plus"}>
                {row.units > 0 ? "+" : "−"}
                {format.number(Math.abs(row.units))}
              </strong>
              <span className="account-hint">{t("left", { count: format.number(row.balance_after) })}</span>
            </div>
          </li>
        ))}
      </ul>
      {list.isFetchingNextPage && <PageSpinner />}
      <div ref={sentinel} aria-hidden />
    </>
  );
}
