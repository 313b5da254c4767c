"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useGrantUnits, useSetUserBlocked, type Grant } from "@/lib/queries/admin/users";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { EditSection } from "./ui/edit-section";
import type { Field } from "./ui/fields";

/** Gives a user units of a kind, or takes them back (POST /api/admin/users/{id}/grant), with the operator's reason. */
export function GrantForm({ userId }: { userId: number }) {
  const t = useTranslations("admin.users");
  const tk = useTranslations("admin.kinds");
  const grant = useGrantUnits(userId);
  // Each grant opens a fresh form that keeps the kind just granted.
  const [round, setRound] = useState(0);
  const fields: Field[] = [
    { name: "kind", label: t("kind"), kind: "select", options: QUOTA_KEYS.map((k) => ({ value: k, label: tk(k) })) },
    { name: "units", label: t("grantUnits"), kind: "number", input: { type: "number", step: 1, required: true } },
    { name: "reason", label: t("grantReason"), kind: "text", input: { required: true, maxLength: 500 } },
  ];
  const result = grant.data;
  return (
    <EditSection
      key={round}
      title={t("grant")}
      creating
      fields={fields}
      initial={{ kind: grant.variables?.kind ?? "text_tokens" }}
      submitLabel={t("grantSubmit")}
      onSubmit={(values) => grant.mutateAsync(values as Grant)}
      onDone={() => setRound(round + 1)}
      status={
        result
          ? t("granted", {
              kind: tk(result.kind),
              allowance: result.balance.allowance,
              packageUnits: result.balance.package_units,
            })
          : null
      }
      testId="admin-grant"
    />
  );
}

/** Blocks the user, or lets them back in. */
export function BlockToggle({ userId, blocked }: { userId: number; blocked: boolean }) {
  const t = useTranslations("admin.users");
  const toggle = useSetUserBlocked(userId);
  return (
    <p>
      <span className={blocked ? "admin-error" : "admin-hint"} data-testid="admin-user-status">
        {blocked ? t("blocked") : t("active")}
      </span>{" "}
      <button
        type="button"
        className={blocked ? "admin-button" : "admin-button admin-button--danger"}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate(!blocked)}
        data-testid="admin-block-toggle"
      >
        {blocked ? t("unblock") : t("block")}
      </button>
      {toggle.isError ? (
        <span className="admin-error"> {t("actionFailed", { message: toggle.error.message })}</span>
      ) : null}
    </p>
  );
}
