import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { DOCUMENT_MAX_CHARS, DocumentError, extractDocumentText } from "@/lib/server/ai/documents";

const fixture = (name: string) => fs.readFileSync(path.join(process.cwd(), "tests", "fixtures", name));

describe("document text extraction", () => {
  it("reads the text of a PDF and of a DOCX", async () => {
    expect(await extractDocumentText({ data: fixture("sample.pdf"), filename: "invoice.pdf" })).toContain(
      "Invoice from the PDF fixture: total 42 EUR",
    );
    const docx = await extractDocumentText({ data: fixture("sample.docx"), filename: "report.docx" });
    expect(docx).toContain("Quarterly report from the DOCX fixture.");
    expect(docx).toContain("Revenue grew by 12 percent.");
  });

  it("reads text and code files by content, whatever the extension", async () => {
    const code = "export const answer = 42;\n// привет\n";
    expect(await extractDocumentText({ data: Buffer.from(code), filename: "main.ts" })).toBe(code.trim());
    expect(
      await extractDocumentText({ data: Buffer.from("a,b\n1,2"), filename: "table.csv", mimeType: "text/csv" }),
    ).toBe("a,b\n1,2");
  });

  it("cuts very long text at the cap and says so", async () => {
    const text = await extractDocumentText({
      data: Buffer.from("x".repeat(DOCUMENT_MAX_CHARS + 10)),
      filename: "big.txt",
    });
    expect(text.startsWith("x".repeat(DOCUMENT_MAX_CHARS))).toBe(true);
    expect(text).toMatch(/cut: the document has 100010 characters/);
  });

  it("refuses binary, unreadable and empty files with a DocumentError naming the reason", async () => {
    const reason = (p: Promise<unknown>) =>
      p.then(
        () => "none",
        (e: unknown) => (e instanceof DocumentError ? e.reason : String(e)),
      );
    expect(await reason(extractDocumentText({ data: fixture("photo.png"), filename: "photo.png" }))).toBe(
      "unsupported",
    );
    expect(await reason(extractDocumentText({ data: Buffer.from([0, 1, 2, 0xff, 0xfe]), filename: "blob.bin" }))).toBe(
      "unsupported",
    );
    expect(await reason(extractDocumentText({ data: Buffer.from("not a pdf"), filename: "broken.pdf" }))).toBe(
      "unreadable",
    );
    expect(await reason(extractDocumentText({ data: Buffer.from("  \n "), filename: "empty.txt" }))).toBe("empty");
  });
});
