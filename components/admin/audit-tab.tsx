"use client";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import { adminApi } from "./admin-session";
import { QueryState } from "./query-state";
import type { ConsoleScreenProps } from "./console-route";

const json = (value: unknown) => (value === null ? "—" : JSON.stringify(value));

/** The audit log (GET /api/admin/audit), newest first, a page at a time ("#audit/<page>"). */
export default function AuditTab({ route }: ConsoleScreenProps) {
  const t = useTranslations("admin.audit");
  const format = useFormatter();
  const page = Math.max(1, Number(route.rest) || 1);
  const query = useQuery({
    queryKey: ["admin", "audit", page],
    queryFn: () => adminApi("GET /api/admin/audit", { query: { page } }),
    placeholderData: keepPreviousData,
  });
  return (
    <section data-testid="admin-audit">
      <h1>{t("title")}</h1>
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
                      <th>{t("at")}</th>
                      <th>{t("operator")}</th>
                      <th>{t("action")}</th>
                      <th>{t("target")}</th>
                      <th>{t("change")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.items.map((row) => (
                      <tr key={row.id} data-testid="admin-audit-row">
                        <td>{format.dateTime(new Date(row.at), { dateStyle: "short", timeStyle: "medium" })}</td>
                        <td>{row.operator_telegram_id}</td>
                        <td>{row.action}</td>
                        <td>{row.target}</td>
                        <td className="admin-json">
                          {json(row.before)} → {json(row.after)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <div className="admin-pager">
                {page > 1 ? <a href={`#audit/${page - 1}`}>{t("newer")}</a> : null}
                {data.has_more ? <a href={`#audit/${page + 1}`}>{t("older")}</a> : null}
              </div>
            </>
          )
        }
      </QueryState>
    </section>
  );
}
