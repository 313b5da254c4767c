"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import type { DataTableProps } from "./data-table";
import { EditSection, type FormValues } from "./edit-section";
import type { Field } from "./fields";
import { LinkButton } from "./link-button";
import { QueryTable } from "./query-table";

type Row = FormValues & { id: number };

type EditableTableProps<R extends Row> = Pick<DataTableProps<R>, "columns" | "rowAttributes" | "testId"> & {
  query: UseQueryResult<R[]>;
  /** A heading above the table, for a screen with more than one. */
  title?: string;
  /** What the edit section's title calls the row. */
  nameOf: (row: R) => string;
  /** The row's fields (the same for every row, or depending on it). */
  fields: readonly Field[] | ((row: R) => readonly Field[]);
  /** The form's starting values (the row itself by default). */
  initialOf?: (row: R) => FormValues;
  onSave: (row: R, changed: FormValues) => Promise<unknown>;
  editTestId?: (row: R) => string;
  /** A button above the table opens a section for a new record. */
  create?: {
    label: string;
    fields: readonly Field[];
    initial: FormValues;
    onCreate: (values: FormValues) => Promise<unknown>;
    testId?: string;
  };
};

/** A table of records edited in place: each row's Edit opens its section below the table; `create` adds a new one. */
export function EditableTable<R extends Row>(props: EditableTableProps<R>) {
  const { query, title, nameOf, fields, initialOf, onSave, editTestId, create, ...table } = props;
  const t = useTranslations("admin.common");
  const [open, setOpen] = useState<{ row: R } | "new" | null>(null);
  const close = () => setOpen(null);
  const editing = open !== "new" && open?.row;
  return (
    <>
      {title ? <h2>{title}</h2> : null}
      {create ? (
        <button type="button" className="admin-button" onClick={() => setOpen("new")} data-testid={create.testId}>
          {create.label}
        </button>
      ) : null}
      <QueryTable
        {...table}
        query={query}
        rowKey={(row) => row.id}
        actions={(row) => (
          <LinkButton onClick={() => setOpen({ row })} data-testid={editTestId?.(row)}>
            {t("edit")}
          </LinkButton>
        )}
      />
      {open === "new" && create ? (
        <EditSection
          title={create.label}
          creating
          fields={create.fields}
          initial={create.initial}
          onSubmit={create.onCreate}
          onDone={close}
          onCancel={close}
        />
      ) : editing ? (
        <EditSection
          key={editing.id}
          title={t("editTitle", { name: nameOf(editing) })}
          fields={typeof fields === "function" ? fields(editing) : fields}
          initial={initialOf?.(editing) ?? editing}
          onSubmit={(changed) => onSave(editing, changed)}
          onDone={close}
          onCancel={close}
        />
      ) : null}
    </>
  );
}
