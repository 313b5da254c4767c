"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { AdminModel, AdminModelPatch } from "@/lib/contracts/admin-catalogue";
import { adminApi } from "../admin-session";
import { QueryState } from "../query-state";
import { useConsoleText } from "../use-console-text";
import { EditForm, type FormField, type FormValues } from "./edit-form";
import { useCatalogueChange } from "./use-catalogue-change";

const PRICE = "price:";
const withoutActions = ({ actions: _actions, ...fields }: AdminModel) => fields;

/** The models table and its edit form (PATCH /api/admin/models/{id}). */
export function ModelsSection() {
  const t = useTranslations("admin.catalogue");
  const consoleText = useConsoleText();
  const query = useQuery({
    queryKey: ["admin", "catalogue", "models"],
    queryFn: () => adminApi("GET /api/admin/models"),
  });
  const [editing, setEditing] = useState<AdminModel | null>(null);
  const change = useCatalogueChange(({ id, body }: { id: number; body: AdminModelPatch }) =>
    adminApi("PATCH /api/admin/models/{id}", { params: { id: String(id) }, body }),
  );
  const fieldsOf = (m: AdminModel): FormField[] => [
    { name: "display_name", label: t("fields.nameRu"), kind: "text" },
    { name: "display_name_en", label: t("fields.nameEn"), kind: "text" },
    { name: "description", label: t("fields.descriptionRu"), kind: "text" },
    { name: "description_en", label: t("fields.descriptionEn"), kind: "text" },
    { name: "provider_model_id", label: t("fields.providerModelId"), kind: "text" },
    {
      name: "provider_cost_usd",
      label: t("fields.providerCost", { per: t(`per.${m.provider_cost_per}`) }),
      kind: "number",
    },
    { name: "context_tokens", label: t("fields.contextTokens"), kind: "number", nullable: true },
    // Only a text model is shown images (the server refuses the flag on any other).
    ...(m.actions.some((a) => a.action === "text")
      ? [{ name: "vision", label: t("fields.vision"), kind: "checkbox" } satisfies FormField]
      : []),
    ...m.actions.map((a): FormField => ({
      name: `${PRICE}${a.action}`,
      label: t("fields.price", { action: a.action }),
      kind: "number",
    })),
    { name: "enabled", label: t("fields.enabled"), kind: "checkbox" },
  ];
  const save = (m: AdminModel) => (changed: FormValues) => {
    const prices = Object.entries(changed)
      .filter(([k]) => k.startsWith(PRICE))
      .map(([k, v]) => ({ action: k.slice(PRICE.length), price_units: Number(v) }));
    const fields = Object.fromEntries(Object.entries(changed).filter(([k]) => !k.startsWith(PRICE)));
    return change.mutateAsync({
      id: m.id,
      body: { ...fields, ...(prices.length ? { prices } : {}) } as AdminModelPatch,
    });
  };
  return (
    <QueryState query={query}>
      {(models) => (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table" data-testid="catalogue-models">
              <thead>
                <tr>
                  <th>{t("fields.model")}</th>
                  <th>{t("fields.name")}</th>
                  <th>{t("fields.providerModelId")}</th>
                  <th>{t("fields.prices")}</th>
                  <th>{t("fields.providerCostShort")}</th>
                  <th>{t("fields.visionShort")}</th>
                  <th>{t("fields.enabled")}</th>
                  <th />
                </tr>
              </thead>
              <tbody>
                {models.map((m) => (
                  <tr key={m.id}>
                    <td>{m.model_name}</td>
                    <td>{consoleText(m.display_name, m.display_name_en)}</td>
                    <td>{m.provider_model_id}</td>
                    <td>{m.actions.map((a) => `${a.action}: ${a.price_units}`).join(", ")}</td>
                    <td>
                      ${m.provider_cost_usd} / {t(`per.${m.provider_cost_per}`)}
                    </td>
                    <td data-testid={`model-vision-${m.model_name}`}>{m.vision ? t("yes") : ""}</td>
                    <td>{m.enabled ? t("yes") : t("no")}</td>
                    <td>
                      <button
                        type="button"
                        className="admin-link-button"
                        onClick={() => setEditing(m)}
                        data-testid={`edit-model-${m.model_name}`}
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
              title={t("editTitle", { name: editing.model_name })}
              fields={fieldsOf(editing)}
              initial={{
                ...withoutActions(editing),
                ...Object.fromEntries(editing.actions.map((a) => [`${PRICE}${a.action}`, a.price_units])),
              }}
              onSubmit={save(editing)}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </QueryState>
  );
}
