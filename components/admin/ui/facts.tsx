"use client";
import type { ReactNode } from "react";

/** One labelled value; `null` (or `false`) leaves it out. */
export type Fact = { label: string; value: ReactNode } | null | false;

/** Labelled values: a record's details in two columns, or a dashboard's totals as tiles. */
export function Facts({ facts, tiles = false }: { facts: readonly Fact[]; tiles?: boolean }) {
  return (
    <dl className={tiles ? "admin-totals" : "admin-facts"}>
      {facts.map((fact) =>
        fact ? (
          <div key={fact.label}>
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}
