"use client";
import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslations } from "next-intl";
import { ApiRequestError } from "@/lib/client/fetch-core";
import { Alert } from "./alert";
import { FieldInput, readValue, showValue, type Draft, type Field } from "./fields";

export type FormValues = Record<string, unknown>;

type EditSectionProps = {
  title: string;
  fields: readonly Field[];
  initial: FormValues;
  /** A new record: every filled field is sent. Otherwise only the fields the operator changed are. */
  creating?: boolean;
  submitLabel?: string;
  onSubmit: (values: FormValues) => Promise<unknown>;
  /** The change went through: the screen closes the section, or opens a fresh one. */
  onDone: () => void;
  /** Offers Cancel, which calls it. */
  onCancel?: () => void;
  /** A line under the form, e.g. what the last change did. */
  status?: ReactNode;
  /** Names the form (`<id>-form`), its inputs (`<id>-<field>`), its button (`<id>-save`) and status (`<id>-result`). */
  testId?: string;
};

/** The values to send: all filled fields of a new record, the changed ones of an existing one. */
function valuesToSend(fields: readonly Field[], drafts: Record<string, Draft>, initial: FormValues, creating: boolean) {
  const values: FormValues = {};
  for (const field of fields) {
    const value = readValue(field, drafts[field.name]);
    // Compared as shown, so "1,2" and "1, 2" are the same list.
    const send = creating
      ? drafts[field.name] !== ""
      : showValue(field, value) !== showValue(field, initial[field.name]);
    if (send) values[field.name] = value;
  }
  return values;
}

/** The server's refusal as one line: its message, then what it said of each field. */
function refusal(error: unknown, fallback: string): string {
  const fields =
    error instanceof ApiRequestError && error.fields
      ? Object.entries(error.fields).map(([name, problems]) => `${name}: ${problems.join(", ")}`)
      : [];
  return [error instanceof Error ? error.message : fallback, ...fields].join(" — ");
}

/**
 * The console's edit (or create) section: each screen gives its fields, and the section draws them,
 * sends what changed and shows the server's refusal, field by field, without closing.
 */
export function EditSection(props: EditSectionProps) {
  const { title, fields, initial, creating = false, onSubmit, onDone, onCancel, status, testId = "catalogue" } = props;
  const t = useTranslations("admin.common");
  const [drafts, setDrafts] = useState(() =>
    Object.fromEntries(fields.map((field) => [field.name, showValue(field, initial[field.name])])),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      await onSubmit(valuesToSend(fields, drafts, initial, creating));
      onDone();
    } catch (e) {
      setError(refusal(e, t("saveFailed")));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="admin-edit" onSubmit={submit} data-testid={`${testId}-form`} aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-edit__fields">
        {fields.map((field) => (
          <FieldInput
            key={field.name}
            field={field}
            draft={drafts[field.name]}
            onChange={(draft) => setDrafts({ ...drafts, [field.name]: draft })}
            testId={`${testId}-${field.name}`}
          />
        ))}
      </div>
      <Alert message={error} />
      <div className="admin-edit__actions">
        <button type="submit" className="admin-button" disabled={saving} data-testid={`${testId}-save`}>
          {saving ? t("saving") : (props.submitLabel ?? t("save"))}
        </button>
        {onCancel ? (
          <button type="button" className="admin-link-button" onClick={onCancel}>
            {t("cancel")}
          </button>
        ) : null}
      </div>
      {status !== undefined ? (
        <p role="status" className="admin-hint" data-testid={`${testId}-result`}>
          {status}
        </p>
      ) : null}
    </form>
  );
}
