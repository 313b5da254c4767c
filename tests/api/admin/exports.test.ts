import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { GET as paymentsCsv } from "@/app/api/admin/exports/payments.csv/route";
import { GET as ledgerCsv } from "@/app/api/admin/exports/ledger.csv/route";
import { GET as requestsCsv } from "@/app/api/admin/exports/requests.csv/route";
import { PUT as putOperator } from "@/app/api/admin/operators/[telegram_id]/route";
import { getDb } from "@/db";
import { balanceLedger, payments, providerRequests, users } from "@/db/schema";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// The CSV exports: UTF-8 with BOM, RFC 4180 quoting, a date range, streamed page by page, owners and analysts only.

type Handler = Parameters<typeof call>[0];

/** Read back as a spreadsheet app would (RFC 4180, CRLF lines), with a CSV library of its own. */
const parseCsv = (text: string): string[][] => parse(text, { record_delimiter: "\r\n", relax_column_count: true });

async function download(handler: Handler, name: string, token: string, query: Record<string, string> = {}) {
  const path = `/api/admin/exports/${name}.csv`;
  const url = new URL(`http://localhost${path}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await handler(new Request(url, { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({}),
  });
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { res, bytes, text, rows: res.status === 200 ? parseCsv(text.slice(1)) : [] };
}

const tokenWithRole = async (role: "support" | "analyst") => {
  const id = 860_000_000 + Math.floor(Math.random() * 1_000_000);
  await call(putOperator, "PUT", `/api/admin/operators/${id}`, {
    token: await operatorToken(),
    params: { telegram_id: String(id) },
    body: { role },
  });
  return issueOperatorToken(id);
};

describe("GET /api/admin/exports/payments.csv", () => {
  it("answers the range's payments as CSV with a BOM, Cyrillic intact and fields quoted", async () => {
    const { userId } = await signIn({ first_name: "Иван" });
    const db = await getDb();
    const base = { userId, kind: "package" as const, provider: "sandbox", expiresAt: new Date("2030-01-01") };
    await db.insert(payments).values([
      {
        ...base,
        amountKopecks: 19_900,
        status: "refunded",
        refundReason: 'Возврат, "по просьбе"',
        createdAt: new Date("2026-03-10T12:00:00Z"),
      },
      { ...base, amountKopecks: 5_000, status: "completed", createdAt: new Date("2026-03-12T23:59:59Z") },
      { ...base, amountKopecks: 7_000, status: "completed", createdAt: new Date("2026-03-13T00:00:00Z") },
    ]);
    const { res, bytes, rows } = await download(paymentsCsv, "payments", await operatorToken(), {
      from: "2026-03-10",
      to: "2026-03-12",
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toContain('filename="payments_2026-03-10_2026-03-12.csv"');
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...data] = rows;
    expect(header.slice(0, 7)).toEqual(["id", "created_at", "user_id", "telegram_id", "kind", "status", "amount_rub"]);
    const mine = data.filter((r) => r[2] === String(userId));
    expect(mine.map((r) => r[6])).toEqual(["199.00", "50.00"]);
    expect(mine[0][header.indexOf("refund_reason")]).toBe('Возврат, "по просьбе"');
  });

  it("refuses support (403), takes an analyst, and refuses a bad range (400)", async () => {
    const support = await download(paymentsCsv, "payments", await tokenWithRole("support"));
    expect(support.res.status).toBe(403);
    const analyst = await download(paymentsCsv, "payments", await tokenWithRole("analyst"));
    expect(analyst.res.status).toBe(200);
    const owner = await operatorToken();
    const bad: Record<string, string>[] = [
      { from: "yesterday" },
      { from: "2026-03-12", to: "2026-03-10" },
      { to: "2026-13-01" },
    ];
    for (const query of bad) {
      const res = await call(paymentsCsv, "GET", "/api/admin/exports/payments.csv", { token: owner, query });
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("GET /api/admin/exports/ledger.csv", () => {
  it("streams every row of the range across pages, each once, in order", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    const at = new Date("2026-04-01T10:00:00Z");
    const rows = Array.from({ length: 2_345 }, (_, i) => ({
      userId,
      kind: "text_tokens" as const,
      units: i + 1,
      balanceAfter: i + 1,
      reason: "grant" as const,
      // Many rows share one instant: the cursor must still not skip or repeat any.
      createdAt: new Date(at.getTime() + Math.floor(i / 7) * 1000),
    }));
    await db.insert(balanceLedger).values(rows);
    const { res, rows: csv } = await download(ledgerCsv, "ledger", await operatorToken(), {
      from: "2026-04-01",
      to: "2026-04-01",
    });
    expect(res.status).toBe(200);
    const units = csv.slice(1).map((r) => Number(r[4]));
    expect(units).toEqual(rows.map((r) => r.units));
  });
});

describe("GET /api/admin/exports/requests.csv", () => {
  it("answers the request log's rows of the range, no message text in any column", async () => {
    const db = await getDb();
    const [user] = await db.select({ id: users.id }).from(users).limit(1);
    await db.insert(providerRequests).values({
      userId: user?.id ?? null,
      modelName: "gpt-4o-mini",
      action: "text",
      tokensIn: 120,
      tokensOut: 40,
      latencyMs: 812,
      status: "ok",
      costRub: 0.12,
      createdAt: new Date("2026-05-05T05:05:05Z"),
    });
    const { res, rows } = await download(requestsCsv, "requests", await operatorToken(), {
      from: "2026-05-05T00:00:00Z",
      to: "2026-05-06T00:00:00Z",
    });
    expect(res.status).toBe(200);
    expect(rows[0]).toEqual([
      "id",
      "created_at",
      "user_id",
      "session_id",
      "model_name",
      "channel_id",
      "action",
      "tokens_in",
      "tokens_out",
      "units",
      "latency_ms",
      "status",
      "error",
      "cost_rub",
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[1].slice(4)).toEqual(["gpt-4o-mini", "", "text", "120", "40", "0", "812", "ok", "", "0.12"]);
  });
});
