import { describe, expect, it } from "vitest";
import { csvField, csvLine, csvResponse, UTF8_BOM } from "@/lib/server/exports/csv";

describe("csvField", () => {
  it("writes plain text, numbers and empties as they are", () => {
    expect(csvField("Иван")).toBe("Иван");
    expect(csvField(-20)).toBe("-20");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
    expect(csvField(undefined)).toBe("");
    expect(csvField(true)).toBe("true");
  });

  it("quotes a field with a comma, quote or line break and doubles its quotes", () => {
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rlf")).toBe('"cr\rlf"');
  });

  it("keeps a spreadsheet from running a text field as a formula", () => {
    expect(csvField("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvField("+7 900")).toBe("'+7 900");
    expect(csvField("-x")).toBe("'-x");
    expect(csvField("@cmd")).toBe("'@cmd");
    expect(csvField('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
  });
});

describe("csvResponse", () => {
  it("streams the BOM, the header and every page, CRLF-ended", async () => {
    async function* pages() {
      yield [{ a: 1, b: "x,y" }];
      yield [{ a: 2, b: "Ж" }];
    }
    const res = csvResponse({ filename: "t.csv", header: ["a", "b"], toLine: (r) => [r.a, r.b], pages: pages() });
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="t.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text).toBe(`${UTF8_BOM}a,b\r\n1,"x,y"\r\n2,Ж\r\n`);
    expect(csvLine(["a"])).toBe("a\r\n");
  });
});
