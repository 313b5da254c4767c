// CSV as RFC 4180 writes it, for spreadsheet apps (docs/product/console.md "Exports"): a field with a
// comma, quote, CR or LF is quoted and its quotes doubled; lines end in CRLF. A text field that a
// spreadsheet would run as a formula (starting with = + - @, a tab or CR) is prefixed with ' so
// opening an export never runs what a user typed; numbers are written as they are.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value !== "string") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** The byte-order mark: spreadsheet apps read the file as UTF-8 (Cyrillic right) only with it. */
export const UTF8_BOM = "\uFEFF";

/**
 * A streamed CSV answer: the BOM and header line, then each page of rows as `next` gives them (an
 * empty page ends it), so a large export never sits in memory whole.
 */
export function csvResponse<Row>({
  filename,
  header,
  toLine,
  pages,
}: {
  filename: string;
  header: readonly string[];
  toLine: (row: Row) => readonly CsvValue[];
  pages: AsyncIterable<Row[]>;
}): Response {
  const encoder = new TextEncoder();
  const iterator = pages[Symbol.asyncIterator]();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(UTF8_BOM + csvLine(header)));
    },
    async pull(controller) {
      const { value, done } = await iterator.next();
      if (done) return controller.close();
      controller.enqueue(encoder.encode(value.map((row) => csvLine(toLine(row))).join("")));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${filename}"`,
      "cache-control": "no-store",
    },
  });
}
