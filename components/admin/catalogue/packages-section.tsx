"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useFormatter, useTranslations } from "next-intl";
import type { AdminPackage, AdminPackageCreate, AdminPackagePatch } from "@/lib/contracts/admin-catalogue";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { adminApi } from "../admin-session";
import { QueryState } from "../query-state";
import { useConsoleText } from "../use-console-text";
import { EditForm, type FormField } from "./edit-form";
import { useCatalogueChange } from "./use-catalogue-change";

const NEW = "new";

/** The packages table, its edit form (PATCH /api/admin/packages/{id}) and the new-package form (POST). */
export function PackagesSection() {
  const t = useTranslations("admin.catalogue");
  const format = useFormatter();
  const consoleText = useConsoleText();
  const query = useQuery({
    queryKey: ["admin", "catalogue", "packages"],
    queryFn: () => adminApi("GET /api/admin/packages"),
  });
  const [editing, setEditing] = useState<AdminPackage | typeof NEW | null>(null);
  const update = useCatalogueChange(({ id, body }: { id: number; body: AdminPackagePatch }) =>
    adminApi("PATCH /api/admin/packages/{id}", { params: { id: String(id) }, body }),
  );
  const create = useCatalogueChange((body: AdminPackageCreate) => adminApi("POST /api/admin/packages", { body }));
  const fields: FormField[] = [
    { name: "name", label: t("fields.nameRu"), kind: "text" },
    { name: "name_en", label: t("fields.nameEn"), kind: "text" },
    { name: "description", label: t("fields.descriptionRu"), kind: "text" },
    { name: "description_en", label: t("fields.descriptionEn"), kind: "text" },
    { name: "price_rub", label: t("fields.priceRub"), kind: "number" },
    { name: "quota_amount", label: t("fields.quotaAmount"), kind: "number" },
  ];
  return (
    <QueryState query={query}>
      {(packages) => (
        <>
          <button type="button" className="admin-button" onClick={() => setEditing(NEW)} data-testid="new-package">
            {t("newPackage")}
          </button>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="catalogue-packages">
              <thead>
                <tr>
                  <th>{t("fields.nameRu")}</th>
                  <th>{t("fields.nameEn")}</th>
                  <th>{t("fields.purpose")}</th>
                  <th>{t("fields.quotaAmount")}</th>
                  <th>{t("fields.priceRub")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {packages.map((p) => (
                  <tr key={p.id}>
                    <td>{p.name}</td>
                    <td>{p.name_en}</td>
                    <td>{p.package_purpose}</td>
                    <td>{format.number(p.quota_amount)}</td>
                    <td>{format.number(p.price_rub, { style: "currency", currency: "RUB" })}</td>
                    <td>
                      <button type="button" className="admin-link-button" onClick={() => setEditing(p)}>
                        {t("edit")}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {editing === NEW ? (
            <EditForm
              title={t("newPackage")}
              creating
              fields={[
                ...fields,
                {
                  name: "package_purpose",
                  label: t("fields.purpose"),
                  kind: "select",
                  options: ["reset", ...QUOTA_KEYS],
                },
              ]}
              initial={{ package_purpose: "text_tokens" }}
              onSubmit={(values) => create.mutateAsync(values as AdminPackageCreate)}
              onClose={() => setEditing(null)}
            />
          ) : editing ? (
            <EditForm
              key={editing.id}
              title={t("editTitle", { name: consoleText(editing.name, editing.name_en) })}
              fields={fields}
              initial={editing}
              onSubmit={(changed) => update.mutateAsync({ id: editing.id, body: changed as AdminPackagePatch })}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}
