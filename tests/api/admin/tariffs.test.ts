import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listTariffs } from "@/app/api/admin/tariffs/route";
import { PATCH as patchTariff } from "@/app/api/admin/tariffs/[name]/route";
import { GET as standard } from "@/app/api/tariff/standard/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { getDb } from "@/db";
import { adminAudit, subscriptions, tariffs, users } from "@/db/schema";
import { catalogueTariffs } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-guards";
import { buyStarter, paymentIdFromUrl, paymentsOf } from "../../helpers/payments";

const patch = (token: string, name: string, body: unknown) =>
  call(patchTariff, "PATCH", `/api/admin/tariffs/${name}`, { token, params: { name }, body });
const auditRows = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;
const confirm = (id: string) =>
  call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, { params: { paymentId: id, action: "confirm" } });

describe("GET /api/admin/tariffs", () => {
  it("lists every tariff with price, balances and model ids", async () => {
    await expectOperatorOnly(listTariffs, "GET", "/api/admin/tariffs");
    const res = await call(listTariffs, "GET", "/api/admin/tariffs", { token: await operatorToken() });
    expect(res.status).toBe(200);
    expect(res.body.map((t: { name: string }) => t.name)).toEqual(catalogueTariffs.map((t) => t.name));
    const free = catalogueTariffs[0];
    expect(res.body[0]).toMatchObject({
      name: "Free",
      price_rub: 0,
      token_balance: free.tokenBalance,
      description_en: free.descriptionEn,
    });
    expect(res.body[0].model_ids).toHaveLength(free.models.length);
  });
});

describe("PATCH /api/admin/tariffs/{name}", () => {
  it("a new price is answered at once and charged by the next payment; a pending payment keeps its amount", async () => {
    await expectOperatorOnly(patchTariff, "PATCH", "/api/admin/tariffs/Starter", {
      params: { name: "Starter" },
      body: { price_rub: 500 },
    });
    const token = await operatorToken();
    const early = await signIn();
    const pending = await buyStarter(early.token);
    expect(pending.status).toBe(200);

    const rows = await auditRows();
    const res = await patch(token, "Starter", { price_rub: 590, description_en: "For every day" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price_rub: 590, description_en: "For every day" });
    expect(await auditRows()).toBe(rows + 1);

    const late = await signIn();
    expect((await call(standard, "GET", "/api/tariff/standard", { token: late.token })).body.Starter.amount).toBe(590);
    // The old price is refused now; the new one is charged.
    expect((await buyStarter(late.token)).status).toBe(400);
    expect((await buyStarter(late.token, { calculated_price: 590 })).status).toBe(200);
    expect((await paymentsOf(late.userId))[0].amountKopecks).toBe(59_000);

    const [older] = await paymentsOf(early.userId);
    expect(older.amountKopecks).toBe(49_000);
    expect((await confirm(paymentIdFromUrl(pending.body.payment_url))).body).toEqual({ status: "completed" });
    const [subscription] = await (
      await getDb()
    )
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, early.userId));
    expect(subscription.priceKopecks).toBe(49_000);

    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, late.userId));
    expect((await call(standard, "GET", "/api/tariff/standard", { token: late.token })).body.Starter.description).toBe(
      "For every day",
    );
    await patch(token, "Starter", { price_rub: 490 });
  });

  it("replaces the tariff's models", async () => {
    const token = await operatorToken();
    const before = (await call(listTariffs, "GET", "/api/admin/tariffs", { token })).body.find(
      (t: { name: string }) => t.name === "Free",
    ).model_ids;
    const res = await patch(token, "Free", { model_ids: before.slice(0, 2) });
    expect(res.body.model_ids).toEqual(before.slice(0, 2));
    await patch(token, "Free", { model_ids: before });
  });

  it("refuses bad input with 400 and changes nothing; an unknown tariff is 404", async () => {
    const token = await operatorToken();
    const rows = await auditRows();
    for (const body of [
      { price_rub: -1 },
      { price_rub: 1.005 },
      { token_balance: 1.5 },
      { model_ids: [999_999] },
      { name: "Renamed" },
    ]) {
      expect((await patch(token, "Starter", body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await patch(token, "Gold", { price_rub: 1 })).status).toBe(404);
    expect(await auditRows()).toBe(rows);
    const [starter] = await (await getDb()).select().from(tariffs).where(eq(tariffs.name, "Starter"));
    expect(starter.amountKopecks).toBe(49_000);
  });
});
