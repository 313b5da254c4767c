"use client";
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { QueryState } from "../query-state";
import { DataTable, type DataTableProps } from "./data-table";

/** A list call's answer: its rows, or its rows as `items` beside whether there are more. */
type List = readonly unknown[] | { items: readonly unknown[] };
type RowOf<Data extends List> = Data extends readonly (infer Row)[]
  ? Row
  : Data extends { items: readonly (infer Row)[] }
    ? Row
    : never;

const rowsOf = <Data extends List>(list: Data) =>
  (Array.isArray(list) ? list : (list as { items: readonly unknown[] }).items) as readonly RowOf<Data>[];

type QueryTableProps<Data extends List> = Omit<DataTableProps<RowOf<Data>>, "rows"> & {
  query: UseQueryResult<Data>;
  /** What follows the table once the call answered (a pager). */
  footer?: (data: Data) => ReactNode;
};

/** A table of a list call's rows, with the call's loading and failure states. */
export function QueryTable<Data extends List>({ query, footer, ...table }: QueryTableProps<Data>) {
  return (
    <QueryState query={query}>
      {(data) => (
        <>
          <DataTable {...table} rows={rowsOf(data)} />
          {footer?.(data)}
        </>
      )}
    </QueryState>
  );
}
