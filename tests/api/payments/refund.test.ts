import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeYookassa } from "../../fakes/yookassa";
import { call, signIn } from "../../helpers/api";
import { startYookassaSuite, type YookassaSuite } from "../../helpers/yookassa";

let fake: FakeYookassa;
let routes: YookassaSuite["routes"];
let db: YookassaSuite["db"];
let schema: YookassaSuite["schema"];

beforeAll(async () => {
  ({ fake, routes, db, schema } = await startYookassaSuite({ YOOKASSA_TRUSTED_IPS: "any" }));
});
afterAll(async () => {
  await fake?.close();
});

// Imported after the suite set the environment (lib/env.ts reads it once).
async function getUsage(token: string) {
  const { GET } = await import("@/app/api/user/usage/route");
  const { userUsageResponseSchema } = await import("@/lib/contracts/user");
  return userUsageResponseSchema.parse((await call(GET, "GET", "/api/user/usage", { token })).body);
}
const notify = (body: unknown) => call(routes.webhook, "POST", "/api/payments/webhook/yookassa", { body });
const lastCreated = () => [...fake.payments.values()].at(-1)!;
const refBalance = async (userId: number) =>
  (await db.select().from(schema.users).where(eq(schema.users.id, userId)))[0].refBalanceKopecks;
const referralRows = (userId: number) =>
  db.select().from(schema.referralLedger).where(eq(schema.referralLedger.userId, userId));

/** Pays the user's last created YooKassa payment and tells the app. */
async function payLast() {
  const id = lastCreated().id;
  fake.markSucceeded(id);
  const res = await notify(fake.notification(id));
  expect(res.body.applied).toBe(true);
  return id;
}

describe("refunds", () => {
  it("a refund.succeeded notification, delivered twice and concurrently, ends the tariff, takes the reward back (the rest owed) and returns the payer's referral roubles, once", async () => {
    const referrer = await signIn();
    const payer = await signIn();
    await db
      .update(schema.users)
      .set({ referredByUserId: referrer.userId, referralAppliedAt: new Date(), refBalanceKopecks: 10_000 })
      .where(eq(schema.users.id, payer.userId));
    const created = await call(routes.createTariff, "POST", "/api/tariff/create", {
      token: payer.token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 440, recurent: false, ref_amount_used: 50 },
    });
    expect(created.status).toBe(200);
    const providerPaymentId = await payLast();
    expect(await refBalance(referrer.userId)).toBe(17_600); // 40 % of 440 ₽
    await db.update(schema.users).set({ refBalanceKopecks: 10_000 }).where(eq(schema.users.id, referrer.userId)); // 76 ₽ already spent

    const refund = fake.refundInDashboard(providerPaymentId);
    const answers = await Promise.all([
      notify(fake.refundNotification(refund.id)),
      notify(fake.refundNotification(refund.id)),
    ]);
    const again = await notify(fake.refundNotification(refund.id));
    expect([...answers, again].map((a) => a.status)).toEqual([200, 200, 200]);
    expect([...answers, again].filter((a) => a.body.applied)).toHaveLength(1);
    expect(fake.requests.some((r) => r.method === "GET" && r.path === `/refunds/${refund.id}`)).toBe(true);

    expect(
      (await call(routes.userTariff, "GET", "/api/user/user-tariff", { token: payer.token })).body.user_tariff,
    ).toBeNull();
    const stats = await call(routes.statistic, "GET", "/api/user/statistic", { token: payer.token });
    expect(stats.body.remaining_quotas.image_tokens).toBe(stats.body.tariff_limits.image_tokens);
    expect(stats.body.tariff_limits.text_tokens).toBe(20_000);
    const refundRows = (await getUsage(payer.token)).data.filter((r) => r.reason === "refund");
    expect(refundRows.map((r) => r.kind).sort()).toEqual([
      "audio_tokens",
      "file_tokens",
      "image_tokens",
      "text_tokens",
      "video_tokens",
    ]);

    expect(await refBalance(referrer.userId)).toBe(0);
    const referrerRows = await referralRows(referrer.userId);
    expect(referrerRows.filter((r) => r.kind === "clawback").map((r) => r.amountKopecks)).toEqual([10_000]);
    expect(referrerRows.filter((r) => r.kind === "owed").map((r) => r.amountKopecks)).toEqual([7_600]);
    // 100 ₽ - 50 ₽ reserved + 50 ₽ returned.
    expect(await refBalance(payer.userId)).toBe(10_000);
    const [payment] = await db
      .select()
      .from(schema.payments)
      .where(and(eq(schema.payments.userId, payer.userId), eq(schema.payments.providerPaymentId, providerPaymentId)));
    expect(payment.status).toBe("refunded");

    // The owed rest is settled from the referrer's next reward.
    const second = await signIn();
    await db
      .update(schema.users)
      .set({ referredByUserId: referrer.userId, referralAppliedAt: new Date() })
      .where(eq(schema.users.id, second.userId));
    await call(routes.createTariff, "POST", "/api/tariff/create", {
      token: second.token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    await payLast();
    expect(await refBalance(referrer.userId)).toBe(19_600 - 7_600);
  });

  it("refundPayment refunds a package through POST /v3/refunds with an Idempotence-Key and removes its units, up to what is left", async () => {
    const { token, userId } = await signIn();
    const [pkg] = await db.select().from(schema.packages).where(eq(schema.packages.seedKey, "image-50"));
    await call(routes.createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } });
    await payLast();
    const { spendQuota } = await import("@/lib/server/quotas/spend");
    // The whole allowance and 20 of the package's units are spent.
    const allowance = (await call(routes.statistic, "GET", "/api/user/statistic", { token })).body.tariff_limits
      .image_tokens;
    await spendQuota({ db, userId, kind: "image_tokens", amount: allowance + 20 });
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    const { refundPayment } = await import("@/lib/server/payments/refund");
    const refund = () => refundPayment({ db, paymentId: payment.id, reason: "duplicate purchase" });
    // A double click and a second instance at once, then again: one refund at YooKassa, one undo.
    const concurrent = await Promise.all([refund(), refund()]);
    // A later call finds the first one's claim either still at the provider (pending) or done; one refunds.
    const statuses = concurrent.map((o) => o.status);
    expect(statuses).toContain("refunded");
    for (const status of statuses) expect(["pending", "refunded"]).toContain(status);
    expect(await refund()).toEqual({ status: "refunded" });
    expect(
      fake.requests.filter(
        (r) => r.method === "POST" && r.path === "/refunds" && r.body.payment_id === payment.providerPaymentId,
      ),
    ).toHaveLength(1);
    const request = fake.requests.findLast((r) => r.method === "POST" && r.path === "/refunds")!;
    expect(request.headers["idempotence-key"]).toBe(`refund-${payment.id}`);
    expect(request.body).toEqual({
      payment_id: payment.providerPaymentId,
      amount: { value: "249.00", currency: "RUB" },
      description: "duplicate purchase",
    });
    const stats = await call(routes.statistic, "GET", "/api/user/statistic", { token });
    expect(stats.body.package_quotas.image_tokens).toBe(0);
    expect((await getUsage(token)).data[0]).toMatchObject({
      reason: "refund",
      kind: "image_tokens",
      units: -(pkg.quotaAmount - 20),
      balance_after: 0,
    });
    expect((await getUsage(token)).data.filter((r) => r.reason === "refund")).toHaveLength(1);
    // The notification YooKassa sends afterwards changes nothing more.
    const made = [...fake.refunds.values()].at(-1)!;
    expect((await notify(fake.refundNotification(made.id))).body.applied).toBe(false);
    await expect(
      refundPayment({ db, paymentId: "00000000-0000-4000-8000-000000000000", reason: "x" }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it("a partial refund asks YooKassa for that amount with a key of its own; its notification undoes its share once, and a second part the rest", async () => {
    const { token, userId } = await signIn();
    const [pkg] = await db.select().from(schema.packages).where(eq(schema.packages.seedKey, "image-50"));
    await call(routes.createPackage, "POST", "/api/package/payment", { token, body: { package_id: pkg.id } });
    await payLast();
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    const { refundPayment } = await import("@/lib/server/payments/refund");
    fake.refundOutcome = "pending";
    const first = await refundPayment({ db, paymentId: payment.id, reason: "half", amountKopecks: 12_450 });
    fake.refundOutcome = "succeeded";
    expect(first).toEqual({ status: "pending" });
    const request = fake.requests.findLast((r) => r.method === "POST" && r.path === "/refunds")!;
    expect(request.body.amount).toEqual({ value: "124.50", currency: "RUB" });
    expect(request.headers["idempotence-key"]).toBe(`refund-${payment.id}-0`);
    // Nothing is taken back before YooKassa says the refund succeeded.
    expect(
      (await call(routes.statistic, "GET", "/api/user/statistic", { token })).body.package_quotas.image_tokens,
    ).toBe(pkg.quotaAmount);
    const made = fake.settleRefund([...fake.refunds.values()].at(-1)!.id);
    const answers = await Promise.all([
      notify(fake.refundNotification(made.id)),
      notify(fake.refundNotification(made.id)),
    ]);
    expect(answers.filter((a) => a.body.applied)).toHaveLength(1);
    expect(
      (await call(routes.statistic, "GET", "/api/user/statistic", { token })).body.package_quotas.image_tokens,
    ).toBe(pkg.quotaAmount / 2);
    const rest = await refundPayment({ db, paymentId: payment.id, reason: "the rest" });
    expect(rest).toEqual({ status: "refunded" });
    const last = fake.requests.findLast((r) => r.method === "POST" && r.path === "/refunds")!;
    expect(last.body.amount).toEqual({ value: "124.50", currency: "RUB" });
    expect(last.headers["idempotence-key"]).toBe(`refund-${payment.id}-12450`);
    expect(
      (await call(routes.statistic, "GET", "/api/user/statistic", { token })).body.package_quotas.image_tokens,
    ).toBe(0);
    const [after] = await db.select().from(schema.payments).where(eq(schema.payments.id, payment.id));
    expect(after).toMatchObject({ status: "refunded", refundedKopecks: 24_900 });
  });

  it("a notification naming a refund YooKassa does not know changes nothing", async () => {
    const res = await notify({
      type: "notification",
      event: "refund.succeeded",
      object: { id: "00000000-0000-4000-8000-000000000000", status: "succeeded" },
    });
    expect(res.status).toBe(200);
    expect(res.body.ignored).toBe("unknown refund");
  });
});
