"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import type { z } from "zod";
import type { operatorSchema } from "@/lib/contracts/admin-operators";
import { useAdminOperators, useDeleteOperator, usePutOperator, type OperatorPut } from "@/lib/queries/admin/operators";
import { OPERATOR_ROLES } from "@/lib/shared/operator-roles";
import { AlertSettings } from "./alert-settings";
import { Alert } from "./ui/alert";
import type { Column } from "./ui/data-table";
import { EditSection } from "./ui/edit-section";
import type { Field } from "./ui/fields";
import { LinkButton } from "./ui/link-button";
import { QueryTable } from "./ui/query-table";

// The console's Operators screen (docs/product/console.md "Roles"), owners only: who may use the
// console with which role, support's limits, one form that adds an operator or edits the chosen one.

type OperatorRow = z.infer<typeof operatorSchema>;

function useOperatorColumns(): Column<OperatorRow>[] {
  const t = useTranslations("admin.operators");
  return [
    { header: t("telegramId"), cell: (o) => o.telegram_id },
    { header: t("role"), cell: (o) => t(`roles.${o.role}`) + (o.seeded ? ` · ${t("seeded")}` : "") },
    { header: t("grantLimit"), cell: (o) => (o.role === "support" ? o.grant_limit : "—") },
    { header: t("refundLimit"), cell: (o) => (o.role === "support" ? o.refund_limit_rub : "—") },
  ];
}

function useOperatorFields(creating: boolean): Field[] {
  const t = useTranslations("admin.operators");
  return [
    ...(creating
      ? [
          {
            name: "telegram_id",
            label: t("telegramId"),
            kind: "number",
            input: { required: true, type: "number", min: 1 },
          } satisfies Field,
        ]
      : []),
    {
      name: "role",
      label: t("role"),
      kind: "select",
      options: OPERATOR_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) })),
    },
    { name: "grant_limit", label: t("grantLimit"), kind: "number", input: { type: "number", min: 0 } },
    {
      name: "refund_limit_rub",
      label: t("refundLimit"),
      kind: "number",
      input: { type: "number", min: 0, step: "0.01" },
    },
  ];
}

export default function OperatorsTab() {
  const t = useTranslations("admin.operators");
  const tc = useTranslations("admin.common");
  const put = usePutOperator();
  const remove = useDeleteOperator();
  const [editing, setEditing] = useState<OperatorRow | null>(null);
  const [round, setRound] = useState(0);
  const open = (operator: OperatorRow | null) => (setEditing(operator), setRound(round + 1));
  const fields = useOperatorFields(editing === null);
  return (
    <section data-testid="admin-operators">
      <h1>{t("title")}</h1>
      <p className="admin-hint">{t("lead")}</p>
      <QueryTable
        query={useAdminOperators()}
        columns={useOperatorColumns()}
        empty={t("empty")}
        rowKey={(o) => o.telegram_id}
        rowTestId="admin-operator-row"
        actions={(o) => (
          <>
            <LinkButton onClick={() => open(o)}>{tc("edit")}</LinkButton>{" "}
            <LinkButton
              disabled={remove.isPending || o.seeded}
              onClick={() => window.confirm(t("confirmDelete", { id: o.telegram_id })) && remove.mutate(o.telegram_id)}
            >
              {t("delete")}
            </LinkButton>
          </>
        )}
      />
      <EditSection
        key={round}
        title={editing ? tc("editTitle", { name: String(editing.telegram_id) }) : t("newOperator")}
        fields={fields}
        initial={editing ?? { role: "support", grant_limit: 0, refund_limit_rub: 0 }}
        creating={!editing}
        submitLabel={editing ? undefined : t("add")}
        onSubmit={(values) => {
          const { telegram_id, ...body } = values;
          const telegramId = editing ? editing.telegram_id : Number(telegram_id);
          return put.mutateAsync({ telegramId, body: { role: editing?.role, ...body } as OperatorPut });
        }}
        onDone={() => open(null)}
        onCancel={editing ? () => open(null) : undefined}
        testId="admin-operator"
      />
      <Alert message={remove.error && t("saveFailed", { message: remove.error.message })} />
      <AlertSettings />
    </section>
  );
}
