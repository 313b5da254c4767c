"use client";
import { useTranslations } from "next-intl";
import type { AdminModel, AdminModelPatch } from "@/lib/contracts/admin-catalogue";
import { useAdminModels, useUpdateModel } from "@/lib/queries/admin/models";
import type { Column } from "../ui/data-table";
import type { FormValues } from "../ui/edit-section";
import { EditableTable } from "../ui/editable-table";
import type { Field } from "../ui/fields";
import { useConsoleText } from "../use-console-text";
import { useCatalogueTexts } from "./records";

// A model's prices are one field per action ("price:image_generation"), sent back as `prices`.
const PRICE = "price:";

function useModelColumns(): Column<AdminModel>[] {
  const t = useTranslations("admin.catalogue");
  const consoleText = useConsoleText();
  return [
    { header: t("fields.model"), cell: (m) => m.model_name },
    { header: t("fields.name"), cell: (m) => consoleText(m.display_name, m.display_name_en) },
    { header: t("fields.providerModelId"), cell: (m) => m.provider_model_id },
    { header: t("fields.prices"), cell: (m) => m.actions.map((a) => `${a.action}: ${a.price_units}`).join(", ") },
    {
      header: t("fields.providerCostShort"),
      cell: (m) => `$${m.provider_cost_usd} / ${t(`per.${m.provider_cost_per}`)}`,
    },
    {
      header: t("fields.visionShort"),
      cell: (m) => (m.vision ? t("yes") : ""),
      testId: (m) => `model-vision-${m.model_name}`,
    },
    { header: t("fields.enabled"), cell: (m) => (m.enabled ? t("yes") : t("no")) },
  ];
}

/** A model's fields: its texts, provider, cost, context budget, a price per action, and whether it is offered. */
function useModelFields(): (m: AdminModel) => Field[] {
  const t = useTranslations("admin.catalogue");
  const texts = useCatalogueTexts();
  return (m) => [
    ...texts.names("display_name"),
    ...texts.descriptions,
    { name: "provider_model_id", label: t("fields.providerModelId"), kind: "text" },
    {
      name: "provider_cost_usd",
      label: t("fields.providerCost", { per: t(`per.${m.provider_cost_per}`) }),
      kind: "number",
    },
    { name: "context_tokens", label: t("fields.contextTokens"), kind: "number", nullable: true },
    // Only a text model is shown images (the server refuses the flag on any other).
    ...(m.actions.some((a) => a.action === "text")
      ? [{ name: "vision", label: t("fields.vision"), kind: "checkbox" } satisfies Field]
      : []),
    ...m.actions.map((a): Field => ({
      name: `${PRICE}${a.action}`,
      label: t("fields.price", { action: a.action }),
      kind: "number",
    })),
    { name: "enabled", label: t("fields.enabled"), kind: "checkbox" },
  ];
}

const initialOf = ({ actions, ...model }: AdminModel): FormValues => ({
  ...model,
  ...Object.fromEntries(actions.map((a) => [`${PRICE}${a.action}`, a.price_units])),
});

/** The changed fields as PATCH /api/admin/models/{id} takes them: the prices gathered into `prices`. */
function patchOf(changed: FormValues): AdminModelPatch {
  const prices = Object.entries(changed)
    .filter(([name]) => name.startsWith(PRICE))
    .map(([name, value]) => ({ action: name.slice(PRICE.length), price_units: Number(value) }));
  const fields = Object.fromEntries(Object.entries(changed).filter(([name]) => !name.startsWith(PRICE)));
  return { ...fields, ...(prices.length ? { prices } : {}) } as AdminModelPatch;
}

/** The models: their table and each one's edit section (PATCH /api/admin/models/{id}). */
export function ModelsSection() {
  const update = useUpdateModel();
  return (
    <EditableTable
      query={useAdminModels()}
      columns={useModelColumns()}
      testId="catalogue-models"
      nameOf={(m) => m.model_name}
      fields={useModelFields()}
      initialOf={initialOf}
      onSave={(m, changed) => update.mutateAsync({ id: m.id, body: patchOf(changed) })}
      editTestId={(m) => `edit-model-${m.model_name}`}
    />
  );
}
