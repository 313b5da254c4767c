"use client";

export type Option = { value: string; label: string };

/** A select's options. */
export function Options({ options }: { options: readonly Option[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** A labelled select outside an edit section: a filter, a broadcast's recipients. */
export function Choice({
  label,
  value,
  options,
  onChange,
  testId,
  className,
}: {
  label: string;
  value: string;
  options: readonly Option[];
  onChange: (value: string) => void;
  testId?: string;
  className?: string;
}) {
  return (
    <label className={className}>
      {label}
      <select value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId}>
        <Options options={options} />
      </select>
    </label>
  );
}
