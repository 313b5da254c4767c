import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as refund } from "@/app/api/admin/payments/[id]/refund/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { cataloguePackages, catalogueTariffs } from "@/db/catalogue";
import { getDb } from "@/db";
import { packages, payments, subscriptions } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { spendQuota } from "@/lib/server/quotas/spend";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { confirmSandbox, DAY_MS, getStatistic, getUsage, setDay } from "../../helpers/billing";
import { buyStarter, paymentIdFromUrl, starter } from "../../helpers/payments";
import { POST as createPackage } from "@/app/api/package/payment/route";

// A refund undoes exactly what its payment bought (docs/product/billing.md "Refunds"): the days it
// added, the units not yet spent, a part of them for a partial refund.

const free = catalogueTariffs.find((t) => t.name === "Free")!;
const PACK = cataloguePackages.find((p) => p.seedKey === "image-50")!;

const refundCall = (id: string, token: string, body: Record<string, unknown> = {}) =>
  call(refund, "POST", `/api/admin/payments/${id}/refund`, {
    token,
    params: { id },
    body: { reason: "The user asked", ...body },
  });

async function payStarter(token: string) {
  const res = await buyStarter(token);
  expect(res.status).toBe(200);
  await confirmSandbox(res.body.payment_url);
  return paymentIdFromUrl(res.body.payment_url);
}

async function expiry(userId: number) {
  const [row] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return row.expiresAt.getTime();
}

const tariffOf = async (token: string) =>
  (await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff;

afterEach(() => setClockForTests());

describe("a refund undoes exactly what its payment bought", () => {
  it("refunding the second of two stacked Starter months takes its 30 days only; the first month and its allowance stay", async () => {
    const start = Date.now();
    setDay(start, 0);
    const operator = await operatorToken();
    const { token, userId } = await signIn();
    await payStarter(token);
    await spendQuota({ db: await getDb(), userId, kind: "image_tokens", amount: 6 });
    setDay(start, 1);
    const second = await payStarter(token);
    expect(await expiry(userId)).toBe(start + 60 * DAY_MS);
    setDay(start, 2);
    const res = await refundCall(second, operator);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe("refunded");
    expect(await tariffOf(token)).toBe("Starter");
    expect(await expiry(userId)).toBe(start + 30 * DAY_MS);
    const stats = await getStatistic(token);
    expect(stats.remaining_quotas.image_tokens).toBe(starter.imageBalance - 6);
    expect((await getUsage(token)).data.filter((r) => r.reason === "refund")).toHaveLength(0);
  });

  it("refunding the first of two stacked months takes 30 days off the end; refunding the other then ends the tariff now", async () => {
    const start = Date.now();
    setDay(start, 0);
    const operator = await operatorToken();
    const { token, userId } = await signIn();
    const first = await payStarter(token);
    setDay(start, 1);
    const second = await payStarter(token);
    setDay(start, 2);
    expect((await refundCall(first, operator)).body.status).toBe("refunded");
    // 28 unused days of the first month go; the second month's 30 days are what is left.
    expect(await expiry(userId)).toBe(start + 32 * DAY_MS);
    expect(await tariffOf(token)).toBe("Starter");
    expect((await refundCall(second, operator)).body.status).toBe("refunded");
    expect(await tariffOf(token)).toBeNull();
    const stats = await getStatistic(token);
    expect(stats.tariff_limits.image_tokens).toBe(free.imageBalance);
  });

  it("a partial refund of a tariff payment takes back its share of the period; a second one the rest, and the payment is refunded", async () => {
    const start = Date.now();
    setDay(start, 0);
    const operator = await operatorToken();
    const { token, userId } = await signIn();
    const id = await payStarter(token);
    const half = starter.amountRub / 2;
    const res = await refundCall(id, operator, { amount_rub: half });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "refunded", payment: { status: "completed", refunded_rub: half } });
    expect(await expiry(userId)).toBe(start + 15 * DAY_MS);
    expect(await tariffOf(token)).toBe("Starter");
    // More than is left to refund: refused, nothing changes.
    const over = await refundCall(id, operator, { amount_rub: half + 1 });
    expect(over.status).toBe(400);
    expect(over.body.error.message).toMatch(/left to refund/);
    const rest = await refundCall(id, operator, { amount_rub: half });
    expect(rest.body).toMatchObject({
      status: "refunded",
      payment: { status: "refunded", refunded_rub: starter.amountRub },
    });
    expect(await tariffOf(token)).toBeNull();
  });

  it("a partial refund of a package takes its share of the units, never more than is left", async () => {
    const operator = await operatorToken();
    const { token, userId } = await signIn();
    const db = await getDb();
    const [pkg] = await db.select().from(packages).where(eq(packages.seedKey, PACK.seedKey));
    const created = await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } });
    await confirmSandbox(created.body.payment_url);
    const id = paymentIdFromUrl(created.body.payment_url);
    const quarter = pkg.priceKopecks / 400;
    const res = await refundCall(id, operator, { amount_rub: quarter });
    expect(res.status).toBe(200);
    expect((await getStatistic(token)).package_quotas.image_tokens).toBe(pkg.quotaAmount - pkg.quotaAmount / 4);
    // The allowance and most of the package are spent: the rest of the refund takes what is left.
    const allowance = (await getStatistic(token)).remaining_quotas.image_tokens - (pkg.quotaAmount * 3) / 4;
    await spendQuota({ db, userId, kind: "image_tokens", amount: allowance + pkg.quotaAmount / 2 });
    const rest = await refundCall(id, operator);
    expect(rest.body).toMatchObject({ status: "refunded", payment: { status: "refunded" } });
    expect((await getStatistic(token)).package_quotas.image_tokens).toBe(0);
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    expect(row.refundedKopecks).toBe(pkg.priceKopecks);
  });

  it("refuses a zero, negative or fractional-kopeck amount with 400, changing nothing", async () => {
    const operator = await operatorToken();
    const { token } = await signIn();
    const id = await payStarter(token);
    for (const amount_rub of [0, -5, 1.234, "ten"]) {
      const res = await refundCall(id, operator, { amount_rub });
      expect(res.status).toBe(400);
    }
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ status: "completed", refundedKopecks: 0, refundRequestedAt: null });
  });
});
