"use client";
import type { InputHTMLAttributes } from "react";
import { Options, type Option } from "./choice";

/**
 * One field of a console form. `kind` picks the input and how its text becomes the value sent:
 * `number` (a `nullable` one left empty is null), `ids` (a comma-separated list of numbers),
 * `checkbox` (a boolean), `select` (one of `options`), `text` and `textarea` (as typed). A value the
 * form does not show as it is (a list as lines) brings its own `codec`.
 */
export type Field = {
  name: string;
  label: string;
  kind: "text" | "textarea" | "number" | "checkbox" | "ids" | "select";
  /** A select's choices: a value shown as it is, or a value and its label. */
  options?: readonly (string | Option)[];
  nullable?: boolean;
  /** More attributes of the input: type="url", required, maxLength, placeholder… */
  input?: InputHTMLAttributes<HTMLInputElement>;
  codec?: { show: (value: unknown) => string; read: (text: string) => unknown };
};

/** What the form holds for a field while it is edited: its text, or a checkbox's state. */
export type Draft = string | boolean;

/** A field's value as the form shows it. */
export function showValue(field: Field, value: unknown): Draft {
  if (field.kind === "checkbox") return Boolean(value);
  if (field.codec) return field.codec.show(value);
  return Array.isArray(value) ? value.join(", ") : value === null || value === undefined ? "" : String(value);
}

/** The value a field's draft stands for, as it is sent. */
export function readValue(field: Field, draft: Draft): unknown {
  if (field.kind === "checkbox") return Boolean(draft);
  const text = String(draft);
  if (field.codec) return field.codec.read(text);
  if (field.kind === "number") return field.nullable && text === "" ? null : Number(text);
  if (field.kind === "ids")
    return text
      .split(/[\s,]+/)
      .filter(Boolean)
      .map(Number);
  return text;
}

const optionOf = (option: string | Option): Option =>
  typeof option === "string" ? { value: option, label: option } : option;

/** A field's label and input. `testId` names the input for the flows that fill it. */
export function FieldInput({
  field,
  draft,
  onChange,
  testId,
}: {
  field: Field;
  draft: Draft;
  onChange: (draft: Draft) => void;
  testId?: string;
}) {
  const common = { name: field.name, "data-testid": testId };
  const className =
    field.kind === "textarea" ? "admin-edit__wide" : field.kind === "checkbox" ? "admin-edit__check" : undefined;
  return (
    <label className={className}>
      <span>{field.label}</span>
      {field.kind === "textarea" ? (
        <textarea {...common} rows={4} value={String(draft)} onChange={(e) => onChange(e.target.value)} />
      ) : field.kind === "checkbox" ? (
        <input {...common} type="checkbox" checked={Boolean(draft)} onChange={(e) => onChange(e.target.checked)} />
      ) : field.kind === "select" ? (
        <select {...common} value={String(draft)} onChange={(e) => onChange(e.target.value)}>
          <Options options={(field.options ?? []).map(optionOf)} />
        </select>
      ) : (
        <input
          {...common}
          inputMode={field.kind === "number" ? "decimal" : undefined}
          {...field.input}
          value={String(draft)}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </label>
  );
}
