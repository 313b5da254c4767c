"use client";
import { useTranslations } from "next-intl";
import type { AdminTariff, AdminTariffPatch } from "@/lib/contracts/admin-catalogue";
import { useAdminTariffs, useUpdateTariff } from "@/lib/queries/admin/tariffs";
import type { Column } from "../ui/data-table";
import { EditableTable } from "../ui/editable-table";
import type { Field } from "../ui/fields";
import { useConsoleFormat } from "../ui/use-console-format";
import { useCatalogueTexts } from "./records";

const BALANCES = ["token_balance", "image_balance", "minutes_balance", "file_balance", "video_balance"] as const;

function useTariffColumns(): Column<AdminTariff>[] {
  const t = useTranslations("admin.catalogue");
  const { rub, number } = useConsoleFormat();
  return [
    { header: t("fields.tariff"), cell: (tariff) => tariff.name },
    { header: t("fields.priceRub"), cell: (tariff) => rub(tariff.price_rub), testId: () => "tariff-price" },
    ...BALANCES.map((b): Column<AdminTariff> => ({
      header: t(`fields.${b}`),
      cell: (tariff) => number(tariff[b]),
    })),
    { header: t("fields.models"), cell: (tariff) => tariff.model_ids.length },
  ];
}

/** A tariff's price, balances, description and models (its name is fixed: the mini-app's plans are named by it). */
function useTariffFields(): Field[] {
  const t = useTranslations("admin.catalogue");
  const { descriptions } = useCatalogueTexts();
  const balances = BALANCES.map((b): Field => ({ name: b, label: t(`fields.${b}`), kind: "number" }));
  const modelIds: Field = { name: "model_ids", label: t("fields.modelIds"), kind: "ids" };
  return [{ name: "price_rub", label: t("fields.priceRub"), kind: "number" }, ...balances, ...descriptions, modelIds];
}

/** The tariffs: their table and each one's edit section (PATCH /api/admin/tariffs/{name}). */
export function TariffsSection() {
  const t = useTranslations("admin.catalogue");
  const update = useUpdateTariff();
  return (
    <>
      <EditableTable
        query={useAdminTariffs()}
        columns={useTariffColumns()}
        rowAttributes={(tariff) => ({ "data-testid": `tariff-row-${tariff.name}` })}
        testId="catalogue-tariffs"
        nameOf={(tariff) => tariff.name}
        fields={useTariffFields()}
        onSave={(tariff, changed) => update.mutateAsync({ name: tariff.name, body: changed as AdminTariffPatch })}
        editTestId={(tariff) => `edit-tariff-${tariff.name}`}
      />
      <p className="admin-hint">{t("tariffNote")}</p>
    </>
  );
}
