"use client";
import { useTranslations } from "next-intl";
import type { AdminAssistant, AdminCategory } from "@/lib/contracts/admin-catalogue";
import {
  useAdminAssistants,
  useAdminCategories,
  useCreateAssistant,
  useCreateCategory,
  useUpdateAssistant,
  useUpdateCategory,
} from "@/lib/queries/admin/assistants";
import type { Column } from "../ui/data-table";
import { EditableTable } from "../ui/editable-table";
import type { Field } from "../ui/fields";
import { createFrom, saveById, useCatalogueTexts } from "./records";

/** Assistant categories and assistants: a table each, with edit sections and new ones. */
export function AssistantsSection() {
  const categories = useAdminCategories();
  return (
    <>
      <CategoriesTable />
      <AssistantsTable categories={categories.data ?? []} />
    </>
  );
}

function CategoriesTable() {
  const t = useTranslations("admin.catalogue");
  const { names, nameOf } = useCatalogueTexts();
  const create = useCreateCategory();
  const key: Field = { name: "ai_chat_type", label: t("fields.key"), kind: "text" };
  const columns: Column<AdminCategory>[] = [
    { header: t("fields.id"), cell: (c) => c.id },
    { header: key.label, cell: (c) => c.ai_chat_type },
    { header: t("fields.nameRu"), cell: (c) => c.name },
    { header: t("fields.nameEn"), cell: (c) => c.name_en },
  ];
  return (
    <EditableTable
      title={t("categories")}
      query={useAdminCategories()}
      columns={columns}
      testId="catalogue-categories"
      nameOf={nameOf}
      fields={names()}
      onSave={saveById(useUpdateCategory())}
      create={{
        label: t("newCategory"),
        fields: [key, ...names()],
        initial: {},
        onCreate: createFrom(create),
      }}
    />
  );
}

/** An assistant's texts, category, models (none: any), instructions and whether it is offered. */
function useAssistantFields(): Field[] {
  const t = useTranslations("admin.catalogue");
  const texts = useCatalogueTexts();
  return [
    ...texts.names(),
    ...texts.descriptions,
    { name: "category_id", label: t("fields.categoryId"), kind: "number" },
    { name: "model_ids", label: t("fields.assistantModels"), kind: "ids" },
    { name: "instructions", label: t("fields.instructions"), kind: "textarea" },
    { name: "enabled", label: t("fields.enabled"), kind: "checkbox" },
  ];
}

function AssistantsTable({ categories }: { categories: AdminCategory[] }) {
  const t = useTranslations("admin.catalogue");
  const { nameOf } = useCatalogueTexts();
  const fields = useAssistantFields();
  const create = useCreateAssistant();
  const categoryOf = (a: AdminAssistant) => {
    const category = categories.find((c) => c.id === a.category_id);
    return category ? nameOf(category) : null;
  };
  const columns: Column<AdminAssistant>[] = [
    { header: t("fields.nameRu"), cell: (a) => a.name },
    { header: t("fields.nameEn"), cell: (a) => a.name_en },
    { header: t("fields.category"), cell: categoryOf },
    { header: t("fields.enabled"), cell: (a) => (a.enabled ? t("yes") : t("no")) },
  ];
  // A new assistant starts in the first category, enabled.
  const initial = { category_id: categories[0]?.id ?? null, enabled: true };
  return (
    <EditableTable
      title={t("assistants")}
      query={useAdminAssistants()}
      columns={columns}
      testId="catalogue-assistants"
      nameOf={nameOf}
      fields={fields}
      onSave={saveById(useUpdateAssistant())}
      create={{ label: t("newAssistant"), fields, initial, onCreate: createFrom(create) }}
    />
  );
}
