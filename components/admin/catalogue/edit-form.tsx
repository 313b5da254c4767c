"use client";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { ApiRequestError } from "@/lib/client/fetch-core";

/** One input of a catalogue form; `ids` is a comma-separated list of numbers (model ids); a `nullable` number left empty is null. */
export type FormField = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "number" | "checkbox" | "ids" | "select";
  options?: readonly string[];
  nullable?: boolean;
};
export type FormValues = Record<string, string | number | boolean | number[] | null>;

const shown = (value: FormValues[string]): string =>
  Array.isArray(value) ? value.join(", ") : value === null ? "" : String(value);

function parsed(field: FormField, raw: string | boolean): FormValues[string] {
  if (field.kind === "checkbox") return Boolean(raw);
  if (field.kind === "number") return field.nullable && raw === "" ? null : Number(raw);
  if (field.kind === "ids")
    return String(raw)
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  return String(raw);
}

/**
 * A catalogue edit (or create) form: it sends only the fields the operator changed (all of them when
 * creating) and shows the server's refusal, field by field, without closing.
 */
export function EditForm({
  title,
  fields,
  initial,
  creating = false,
  onSubmit,
  onClose,
}: {
  title: string;
  fields: readonly FormField[];
  initial: FormValues;
  creating?: boolean;
  onSubmit: (changed: FormValues) => Promise<unknown>;
  onClose: () => void;
}) {
  const t = useTranslations("admin.catalogue");
  const [values, setValues] = useState<Record<string, string | boolean>>(() =>
    Object.fromEntries(
      fields.map((f) => [f.name, f.kind === "checkbox" ? Boolean(initial[f.name]) : shown(initial[f.name] ?? null)]),
    ),
  );
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const changed: FormValues = {};
    for (const f of fields) {
      const value = parsed(f, values[f.name]);
      if (
        creating
          ? values[f.name] !== ""
          : shown(value) !== shown(initial[f.name] ?? (f.kind === "checkbox" ? false : null))
      )
        changed[f.name] = value;
    }
    setSaving(true);
    setError(null);
    try {
      await onSubmit(changed);
      onClose();
    } catch (e) {
      const fieldErrors =
        e instanceof ApiRequestError && e.fields
          ? Object.entries(e.fields).map(([k, v]) => `${k}: ${v.join(", ")}`)
          : [];
      setError([e instanceof Error ? e.message : t("saveFailed"), ...fieldErrors].join(" — "));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form className="admin-edit" onSubmit={submit} data-testid="catalogue-form" aria-label={title}>
      <h2>{title}</h2>
      <div className="admin-edit__fields">
        {fields.map((f) => (
          <label
            key={f.name}
            className={
              f.kind === "textarea" ? "admin-edit__wide" : f.kind === "checkbox" ? "admin-edit__check" : undefined
            }
          >
            <span>{f.label}</span>
            {f.kind === "textarea" ? (
              <textarea
                name={f.name}
                rows={4}
                value={String(values[f.name])}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            ) : f.kind === "checkbox" ? (
              <input
                type="checkbox"
                name={f.name}
                checked={Boolean(values[f.name])}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.checked })}
              />
            ) : f.kind === "select" ? (
              <select
                name={f.name}
                value={String(values[f.name])}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              >
                {f.options?.map((o) => (
                  <option key={o}>{o}</option>
                ))}
              </select>
            ) : (
              <input
                name={f.name}
                inputMode={f.kind === "number" ? "decimal" : undefined}
                value={String(values[f.name])}
                onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              />
            )}
          </label>
        ))}
      </div>
      {error ? (
        <p className="admin-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="admin-edit__actions">
        <button type="submit" className="admin-button" disabled={saving} data-testid="catalogue-save">
          {saving ? t("saving") : t("save")}
        </button>
        <button type="button" className="admin-link-button" onClick={onClose}>
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}
