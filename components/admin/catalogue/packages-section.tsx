"use client";
import { useTranslations } from "next-intl";
import type { AdminPackage } from "@/lib/contracts/admin-catalogue";
import { useAdminPackages, useCreatePackage, useUpdatePackage } from "@/lib/queries/admin/packages";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import type { Column } from "../ui/data-table";
import { EditableTable } from "../ui/editable-table";
import type { Field } from "../ui/fields";
import { useConsoleFormat } from "../ui/use-console-format";
import { createFrom, saveById, useCatalogueTexts } from "./records";

function usePackageColumns(): Column<AdminPackage>[] {
  const t = useTranslations("admin.catalogue");
  const { rub, number } = useConsoleFormat();
  return [
    { header: t("fields.nameRu"), cell: (p) => p.name },
    { header: t("fields.nameEn"), cell: (p) => p.name_en },
    { header: t("fields.purpose"), cell: (p) => p.package_purpose },
    { header: t("fields.quotaAmount"), cell: (p) => number(p.quota_amount) },
    { header: t("fields.priceRub"), cell: (p) => rub(p.price_rub) },
  ];
}

/** A package's texts, price and units; a new one also names what it tops up (fixed afterwards). */
function usePackageFields() {
  const t = useTranslations("admin.catalogue");
  const texts = useCatalogueTexts();
  const fields: Field[] = [
    ...texts.names(),
    ...texts.descriptions,
    { name: "price_rub", label: t("fields.priceRub"), kind: "number" },
    { name: "quota_amount", label: t("fields.quotaAmount"), kind: "number" },
  ];
  const purpose: Field = {
    name: "package_purpose",
    label: t("fields.purpose"),
    kind: "select",
    options: ["reset", ...QUOTA_KEYS],
  };
  return { fields, newFields: [...fields, purpose] };
}

/** The packages: their table, each one's edit section (PATCH /api/admin/packages/{id}) and a new one (POST). */
export function PackagesSection() {
  const t = useTranslations("admin.catalogue");
  const { nameOf } = useCatalogueTexts();
  const { fields, newFields } = usePackageFields();
  const create = useCreatePackage();
  const newPackage = {
    label: t("newPackage"),
    fields: newFields,
    initial: { package_purpose: "text_tokens" },
    onCreate: createFrom(create),
    testId: "new-package",
  };
  return (
    <EditableTable
      query={useAdminPackages()}
      columns={usePackageColumns()}
      testId="catalogue-packages"
      nameOf={nameOf}
      fields={fields}
      onSave={saveById(useUpdatePackage())}
      create={newPackage}
    />
  );
}
