"use client";
import type { Key, ReactNode } from "react";

/** One column of a console table: its header and what a row shows in it. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** `admin-json` for long monospace values (keys, URLs, JSON). */
  className?: string;
  /** A test id for the cell, when a flow reads one value of a row. */
  testId?: (row: Row) => string;
};

/** Attributes a row carries for the flows that find it: `data-testid`, `data-status`. */
type RowAttributes = { [name: `data-${string}`]: string | undefined };

export type DataTableProps<Row> = {
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  rowKey: (row: Row) => Key;
  /** What a row's last column offers (Edit, Refund…): a column with no header, pinned at the right edge on a phone. */
  actions?: (row: Row) => ReactNode;
  /** The test id of every row, for the flows that count or pick rows. */
  rowTestId?: string;
  rowAttributes?: (row: Row) => RowAttributes;
  /** Shown instead of the table when there are no rows (without it, an empty table is shown). */
  empty?: string;
  testId?: string;
};

/**
 * The console's table: each screen gives its columns, and the table draws them the same way
 * everywhere, scrolling sideways inside its own box when it is wider than the screen.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, columns, rowKey, actions, rowTestId, rowAttributes, empty, testId } = props;
  if (empty !== undefined && rows.length === 0) return <p className="admin-hint">{empty}</p>;
  return (
    // Focusable, so a keyboard reader can scroll a table wider than a phone (axe: scrollable-region-focusable).
    <div className="admin-table-wrap" tabIndex={0}>
      <table className="admin-table" data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i}>{column.header}</th>
            ))}
            {actions ? <th /> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} data-testid={rowTestId} {...rowAttributes?.(row)}>
              {columns.map((column, i) => (
                <td key={i} className={column.className} data-testid={column.testId?.(row)}>
                  {column.cell(row)}
                </td>
              ))}
              {actions ? <td>{actions(row)}</td> : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
