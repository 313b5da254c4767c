import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/admin/operators/route";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/admin/operators/[telegram_id]/route";
import { GET as meRoute } from "@/app/api/admin/me/route";
import { POST as grantRoute } from "@/app/api/admin/users/[id]/grant/route";
import { POST as refundRoute } from "@/app/api/admin/payments/[id]/refund/route";
import { GET as auditRoute } from "@/app/api/admin/audit/route";
import { getDb } from "@/db";
import { operators, payments } from "@/db/schema";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { call, signIn } from "../../helpers/api";
import { auditRowsOf, DEMO_OPERATOR_TELEGRAM_ID, operatorToken } from "../../helpers/admin";

// Operators and their roles: kept in the database, managed by owners, the last owner kept.

const list = (token?: string) => call(listRoute, "GET", "/api/admin/operators", { token });
const put = (token: string | undefined, telegramId: number | string, body: unknown) =>
  call(putRoute, "PUT", `/api/admin/operators/${telegramId}`, {
    token,
    params: { telegram_id: String(telegramId) },
    body,
  });
const remove = (token: string | undefined, telegramId: number | string) =>
  call(deleteRoute, "DELETE", `/api/admin/operators/${telegramId}`, {
    token,
    params: { telegram_id: String(telegramId) },
  });
const me = (token: string) => call(meRoute, "GET", "/api/admin/me", { token });
const rowOf = async (telegramId: number) =>
  (await (await getDb()).select().from(operators).where(eq(operators.telegramId, telegramId)))[0];

let nextId = 880_000_000 + Math.floor(Math.random() * 100_000) * 10;

describe("GET /api/admin/operators", () => {
  it("lists the seeded owner (the demo operator here) first", async () => {
    const res = await list(await operatorToken());
    expect(res.status).toBe(200);
    expect(res.body.items[0]).toMatchObject({ telegram_id: DEMO_OPERATOR_TELEGRAM_ID, role: "owner", seeded: true });
  });
});

describe("PUT /api/admin/operators/{telegram_id}", () => {
  it("adds an operator with a role, changes it, audits both, and the new operator signs in with that role", async () => {
    const owner = await operatorToken();
    const id = nextId++;
    const added = await put(owner, id, { role: "support", grant_limit: 50, refund_limit_rub: 300 });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ telegram_id: id, role: "support", grant_limit: 50, refund_limit_rub: 300 });
    const token = await issueOperatorToken(id);
    expect((await me(token)).body).toEqual({
      telegram_id: id,
      role: "support",
      grant_limit: 50,
      refund_limit_rub: 300,
    });
    const changed = await put(owner, id, { role: "analyst" });
    expect(changed.body).toMatchObject({ role: "analyst", grant_limit: 50 });
    expect((await me(token)).body.role).toBe("analyst");
    const audit = await auditRowsOf(`operator:${id}`);
    expect(audit.map((r) => r.action)).toEqual(["operator.put", "operator.put"]);
    expect(audit[0].operatorTelegramId).toBe(DEMO_OPERATOR_TELEGRAM_ID);
    expect((await list(owner)).body.items.some((o: { telegram_id: number }) => o.telegram_id === id)).toBe(true);
  });

  it("refuses a bad role, id or limit with 400 and changes nothing", async () => {
    const owner = await operatorToken();
    const id = nextId++;
    for (const body of [
      { role: "root" },
      {},
      { role: "support", grant_limit: -1 },
      { role: "support", grant_limit: 1.5 },
    ]) {
      const res = await put(owner, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await put(owner, "abc", { role: "support" })).status).toBe(400);
    expect((await put(owner, 0, { role: "support" })).status).toBe(400);
    expect(await rowOf(id)).toBeUndefined();
  });

  it("keeps the last owner an owner (409)", async () => {
    const owner = await operatorToken();
    const res = await put(owner, DEMO_OPERATOR_TELEGRAM_ID, { role: "support" });
    expect(res.status).toBe(409);
    expect((await rowOf(DEMO_OPERATOR_TELEGRAM_ID)).role).toBe("owner");
  });
});

describe("DELETE /api/admin/operators/{telegram_id}", () => {
  it("removes an operator, whose token is refused from then on", async () => {
    const owner = await operatorToken();
    const id = nextId++;
    await put(owner, id, { role: "owner" });
    const token = await issueOperatorToken(id);
    expect((await call(auditRoute, "GET", "/api/admin/audit", { token })).status).toBe(200);
    const res = await remove(owner, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ deleted: true });
    expect(await rowOf(id)).toBeUndefined();
    const refused = await call(auditRoute, "GET", "/api/admin/audit", { token });
    expect(refused.status).toBe(403);
    expect((await auditRowsOf(`operator:${id}`))[0].action).toBe("operator.delete");
  });

  it("answers 404 for an unknown id and 409 for the last owner or an id of ADMIN_TELEGRAM_IDS", async () => {
    const owner = await operatorToken();
    expect((await remove(owner, nextId++)).status).toBe(404);
    const seeded = await remove(owner, DEMO_OPERATOR_TELEGRAM_ID);
    expect(seeded.status).toBe(409);
    expect(await rowOf(DEMO_OPERATOR_TELEGRAM_ID)).toBeDefined();
  });

  it("never leaves no owner when the last two owners remove each other at once", async () => {
    const demo = await operatorToken();
    const [a, b] = [nextId++, nextId++];
    await put(demo, a, { role: "owner" });
    await put(demo, b, { role: "owner" });
    const [ta, tb] = [await issueOperatorToken(a), await issueOperatorToken(b)];
    expect((await put(ta, DEMO_OPERATOR_TELEGRAM_ID, { role: "support" })).status).toBe(200);
    const results = await Promise.all([remove(ta, b), remove(tb, a)]);
    // One removal goes through; the other finds its caller removed (403), its target gone (404) or
    // its caller the last owner (409), by when it arrived.
    const statuses = results.map((r) => r.status).sort();
    expect(statuses[0]).toBe(200);
    expect([403, 404, 409]).toContain(statuses[1]);
    const owners = await (await getDb()).select().from(operators).where(eq(operators.role, "owner"));
    expect(owners).toHaveLength(1);
    const survivor = await issueOperatorToken(owners[0].telegramId);
    expect((await put(survivor, DEMO_OPERATOR_TELEGRAM_ID, { role: "owner" })).status).toBe(200);
  });
});

describe("support limits", () => {
  it("lets support grant up to its limit and refund payments up to its amount, and refuses past them with 403", async () => {
    const owner = await operatorToken();
    const id = nextId++;
    await put(owner, id, { role: "support", grant_limit: 20, refund_limit_rub: 100 });
    const token = await issueOperatorToken(id);
    const { userId } = await signIn();
    const grant = (units: number) =>
      call(grantRoute, "POST", `/api/admin/users/${userId}/grant`, {
        token,
        params: { id: String(userId) },
        body: { kind: "text_tokens", units, reason: "support" },
      });
    expect((await grant(20)).status).toBe(200);
    expect((await grant(-20)).status).toBe(200);
    const over = await grant(21);
    expect(over.status).toBe(403);
    expect(over.body.error.reason).toBe("grant_limit");

    const db = await getDb();
    const [payment] = await db
      .insert(payments)
      .values({
        userId,
        kind: "package",
        amountKopecks: 10_001,
        status: "completed",
        provider: "sandbox",
        expiresAt: new Date(Date.now() + 3_600_000),
      })
      .returning();
    const refund = await call(refundRoute, "POST", `/api/admin/payments/${payment.id}/refund`, {
      token,
      params: { id: payment.id },
      body: { reason: "support" },
    });
    expect(refund.status).toBe(403);
    expect(refund.body.error.reason).toBe("refund_limit");
    expect((await db.select().from(payments).where(eq(payments.id, payment.id)))[0].refundRequestedAt).toBeNull();
  });
});
