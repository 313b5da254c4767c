"use client";
import type { InputHTMLAttributes } from "react";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement & HTMLTextAreaElement>, "value" | "onChange"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A text area instead of a one-line input. */
  multiline?: boolean;
  testId?: string;
};

/** A labelled text input outside an edit section: a search, a refund's reason, a broadcast's message. */
export function TextField({ label, value, onChange, multiline = false, testId, className, ...input }: TextFieldProps) {
  const common = { ...input, value, onChange: (e: { target: { value: string } }) => onChange(e.target.value) };
  return (
    <label className={className ?? "admin-field"}>
      {label}
      {multiline ? <textarea {...common} data-testid={testId} /> : <input {...common} data-testid={testId} />}
    </label>
  );
}
