"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminTariff, AdminTariffPatch } from "@/lib/contracts/admin-catalogue";
import { adminApi } from "../admin-session";
import { QueryState } from "../query-state";
import { EditForm, type FormField } from "./edit-form";
import { useCatalogueChange } from "./use-catalogue-change";

const BALANCES = ["token_balance", "image_balance", "minutes_balance", "file_balance", "video_balance"] as const;

/** The tariffs table and its edit form (PATCH /api/admin/tariffs/{name}). */
export function TariffsSection() {
  const t = useTranslations("admin.catalogue");
  const format = useFormatter();
  const query = useQuery({
    queryKey: ["admin", "catalogue", "tariffs"],
    queryFn: () => adminApi("GET /api/admin/tariffs"),
  });
  const [editing, setEditing] = useState<AdminTariff | null>(null);
  const change = useCatalogueChange(({ name, body }: { name: string; body: AdminTariffPatch }) =>
    adminApi("PATCH /api/admin/tariffs/{name}", { params: { name }, body }),
  );
  const fields: FormField[] = [
    { name: "price_rub", label: t("fields.priceRub"), kind: "number" },
    ...BALANCES.map((b): FormField => ({ name: b, label: t(`fields.${b}`), kind: "number" })),
    { name: "description", label: t("fields.descriptionRu"), kind: "text" },
    { name: "description_en", label: t("fields.descriptionEn"), kind: "text" },
    { name: "model_ids", label: t("fields.modelIds"), kind: "ids" },
  ];
  return (
    <QueryState query={query}>
      {(tariffs) => (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="catalogue-tariffs">
              <thead>
                <tr>
                  <th>{t("fields.tariff")}</th>
                  <th>{t("fields.priceRub")}</th>
                  {BALANCES.map((b) => (
                    <th key={b}>{t(`fields.${b}`)}</th>
                  ))}
                  <th>{t("fields.models")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {tariffs.map((tariff) => (
                  <tr key={tariff.id} data-testid={`tariff-row-${tariff.name}`}>
                    <td>{tariff.name}</td>
                    <td data-testid="tariff-price">
                      {format.number(tariff.price_rub, { style: "currency", currency: "RUB" })}
                    </td>
                    {BALANCES.map((b) => (
                      <td key={b}>{format.number(tariff[b])}</td>
                    ))}
                    <td>{tariff.model_ids.length}</td>
                    <td>
                      <button
                        type="button"
                        className="admin-link-button"
                        onClick={() => setEditing(tariff)}
                        data-testid={`edit-tariff-${tariff.name}`}
                      >
                        {t("edit")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {editing ? (
            <EditForm
              key={editing.id}
              title={t("editTitle", { name: editing.name })}
              fields={fields}
              initial={editing}
              onSubmit={(changed) => change.mutateAsync({ name: editing.name, body: changed as AdminTariffPatch })}
              onClose={() => setEditing(null)}
            />
          ) : null}
          <p className="admin-hint">{t("tariffNote")}</p>
        </>
      )}
    </QueryState>
  );
}
