"use client";
import { useTranslations } from "next-intl";
import type { FormValues } from "../ui/edit-section";
import type { Field } from "../ui/fields";
import { useConsoleText } from "../use-console-text";

// What the catalogue's records share: a name and a description in both languages, and changes sent
// as the server's contract takes them (the server checks every field, so the form's values pass as they are).

/** The fields of a record's texts, and how its edit section names it (in the console's language). */
export function useCatalogueTexts() {
  const t = useTranslations("admin.catalogue");
  const consoleText = useConsoleText();
  return {
    /** The name in Russian and English, under the record's own field name (`name`, `display_name`). */
    names: (name = "name"): Field[] => [
      { name, label: t("fields.nameRu"), kind: "text" },
      { name: `${name}_en`, label: t("fields.nameEn"), kind: "text" },
    ],
    descriptions: [
      { name: "description", label: t("fields.descriptionRu"), kind: "text" },
      { name: "description_en", label: t("fields.descriptionEn"), kind: "text" },
    ] satisfies Field[],
    nameOf: (record: { name: string; name_en: string | null }) => consoleText(record.name, record.name_en),
  };
}

type Send<Input> = { mutateAsync: (input: Input) => Promise<unknown> };

/** Saves a record's changed fields with a PATCH by its id. */
export const saveById =
  <Body>(update: Send<{ id: number; body: Body }>) =>
  (record: { id: number }, changed: FormValues) =>
    update.mutateAsync({ id: record.id, body: changed as Body });

/** Creates a record from a new record's fields. */
export const createFrom =
  <Body>(create: Send<Body>) =>
  (values: FormValues) =>
    create.mutateAsync(values as Body);
