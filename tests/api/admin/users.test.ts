import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as getUser } from "@/app/api/admin/users/[id]/route";
import { getDb } from "@/db";
import { balanceLedger, dialogSessions, models } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

const uniqueName = () => `Zed${Math.random().toString(36).slice(2, 8)}`;

describe("GET /api/admin/users", () => {
  it("finds users by Telegram id, username (with or without @) or a part of the name, paged", async () => {
    const token = await operatorToken();
    const name = uniqueName();
    const a = await signIn({ id: 880000101, first_name: name, last_name: "Ivanova", username: `${name}_user` });
    await signIn({ id: 880000102, first_name: `${name}x`, username: "other_one" });
    const search = (q: string, page = 1) => call(listUsers, "GET", "/api/admin/users", { token, query: { q, page } });

    const byId = await search("880000101");
    expect(byId.status).toBe(200);
    expect(byId.body.items.map((u: { id: number }) => u.id)).toContain(a.userId);
    expect(byId.body.items[0]).toMatchObject({
      telegram_id: 880000101,
      first_name: name,
      last_name: "Ivanova",
      blocked_at: null,
    });
    expect((await search(`@${name}_USER`)).body.items.map((u: { id: number }) => u.id)).toEqual([a.userId]);
    expect((await search(`${name} ivan`)).body.items.map((u: { id: number }) => u.id)).toEqual([a.userId]);
    expect((await search(name)).body.items).toHaveLength(2);
    // Pattern characters are taken literally.
    expect((await search("%")).body.items).toEqual([]);
    expect((await search(name, 2)).body).toEqual({ items: [], has_more: false });
  });

  it("answers 400 for a bad page or an overlong query", async () => {
    const token = await operatorToken();
    expect((await call(listUsers, "GET", "/api/admin/users", { token, query: { page: 0 } })).status).toBe(400);
    expect((await call(listUsers, "GET", "/api/admin/users", { token, query: { q: "x".repeat(101) } })).status).toBe(
      400,
    );
  });
});

describe("GET /api/admin/users/{id}", () => {
  it("answers the user's account, tariff, balances, referral, payments, ledger and dialogue titles", async () => {
    const token = await operatorToken();
    const { userId } = await signIn({ first_name: "Pat", language_code: "en" });
    const db = await getDb();
    const [model] = await db.select().from(models).limit(1);
    await db.insert(dialogSessions).values({ userId, name: "Trip plan", modelId: model.id, action: "text" });
    const res = await call(getUser, "GET", `/api/admin/users/${userId}`, { token, params: { id: String(userId) } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: userId, first_name: "Pat", language: "en", blocked_at: null });
    expect(res.body.tariff).toBeNull();
    expect(res.body.balances.text_tokens.allowance).toBeGreaterThan(0);
    expect(res.body.referral).toMatchObject({ referred_by_user_id: null, balance_rub: 0, invited: 0 });
    expect(res.body.dialogues).toMatchObject([{ title: "Trip plan" }]);
    const ledger = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
    expect(res.body.ledger).toHaveLength(ledger.length);
    expect(res.body.payments).toEqual([]);
  });

  it("answers 404 for no such user and 400 for a bad id", async () => {
    const token = await operatorToken();
    expect(
      (await call(getUser, "GET", "/api/admin/users/2000000000", { token, params: { id: "2000000000" } })).status,
    ).toBe(404);
    expect((await call(getUser, "GET", "/api/admin/users/abc", { token, params: { id: "abc" } })).status).toBe(400);
  });
});
