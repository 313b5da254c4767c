import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStarsApi, type FakeStarsApi } from "../../fakes/telegram-stars";
import { call, signIn } from "../../helpers/api";
import { payLastStarsInvoice } from "../../helpers/stars";

// lib/env.ts reads process.env once, so the provider is configured before any app module loads.
let fake: FakeStarsApi;
let createTariff: any;
let userTariff: any;
let stars: typeof import("@/lib/server/payments/providers/stars/webhook");
let db: any;

beforeAll(async () => {
  fake = await startFakeStarsApi({ token: process.env.BOT_TOKEN! });
  // A short payment-link deadline, so a Bot API that never answers is given up on quickly.
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "stars",
    BOT_API_BASE_URL: fake.url,
    STARS_PER_ROUBLE: "0.6",
    PAYMENT_LINK_DEADLINE_MS: "300",
  });
  createTariff = (await import("@/app/api/tariff/create/route")).POST;
  userTariff = (await import("@/app/api/user/user-tariff/route")).GET;
  stars = await import("@/lib/server/payments/providers/stars/webhook");
  db = await (await import("@/db")).getDb();
});

afterAll(async () => {
  await fake?.close();
});

const buyStarter = (token: string) =>
  call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
  });

describe("Telegram Stars payments", () => {
  it("POST /api/tariff/create - answers an XTR invoice link priced at roubles x STARS_PER_ROUBLE", async () => {
    const { token } = await signIn();
    const res = await buyStarter(token);
    expect(res.status).toBe(200);
    expect(res.body.payment_url).toMatch(/^https:\/\/t\.me\/\$/);
    expect(fake.invoices.at(-1)).toMatchObject({ currency: "XTR", prices: [{ amount: 294 }] });
  });

  it("POST /api/tariff/create - a Bot API that never answers gives a try-again 503 within the deadline", async () => {
    const { token } = await signIn();
    fake.stall = true;
    const started = performance.now();
    const res = await buyStarter(token).finally(() => (fake.stall = false));
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/try again/i);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it("pre_checkout_query then successful_payment (delivered three times) apply the purchase once", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const payload = fake.invoices.at(-1)!.payload;
    expect(
      await stars.answerStarsPreCheckout({
        db,
        query: { id: "q1", currency: "XTR", total_amount: 294, invoice_payload: payload },
      }),
    ).toBe(true);
    expect(fake.answers.at(-1)).toEqual({ pre_checkout_query_id: "q1", ok: true });
    const paid = {
      currency: "XTR",
      total_amount: 294,
      invoice_payload: payload,
      telegram_payment_charge_id: `charge-${payload}`,
    };
    const results = await Promise.all([1, 2, 3].map(() => stars.applyStarsPayment({ db, paid, payerTelegramId: 42 })));
    expect(results.filter((r) => r.applied)).toHaveLength(1);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });

  it("refundPayment returns the Stars with refundStarPayment once, asked concurrently and again, and ends the tariff", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    const payload = fake.invoices.at(-1)!.payload;
    const paid = {
      currency: "XTR",
      total_amount: 294,
      invoice_payload: payload,
      telegram_payment_charge_id: `charge-${payload}`,
    };
    const { users, balanceLedger } = await import("@/db/schema");
    const { eq, and } = await import("drizzle-orm");
    const [payer] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
    await stars.applyStarsPayment({ db, paid, payerTelegramId: payer.telegramId });
    const { refundPayment } = await import("@/lib/server/payments/refund");
    // Stars are refunded whole: a part is refused before anything is asked of Telegram.
    await expect(
      refundPayment({ db, paymentId: payload, reason: "complaint", amountKopecks: 100 }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Stars are refunded whole/) });
    expect(fake.refunds).toHaveLength(0);
    const refund = () => refundPayment({ db, paymentId: payload, reason: "complaint" });
    const concurrent = await Promise.all([refund(), refund(), refund()]);
    // A later call finds the first one's claim either still at the provider (pending) or done; one refunds.
    const statuses = concurrent.map((o) => o.status);
    expect(statuses).toContain("refunded");
    for (const status of statuses) expect(["pending", "refunded"]).toContain(status);
    expect(await refund()).toEqual({ status: "refunded" });
    expect(fake.refunds.filter((r) => r.telegram_payment_charge_id === `charge-${payload}`)).toEqual([
      { user_id: payer.telegramId, telegram_payment_charge_id: `charge-${payload}` },
    ]);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    const refundRows = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.reason, "refund")));
    expect(refundRows.length).toBeGreaterThan(0);
    expect(new Set(refundRows.map((r: { paymentId: string }) => r.paymentId))).toEqual(new Set([payload]));
  });

  it("refundPayment after a refund whose answer was lost: Telegram's CHARGE_ALREADY_REFUNDED counts as refunded", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    const payload = fake.invoices.at(-1)!.payload;
    const { users } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const [payer] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
    const charge = `charge-${payload}`;
    await stars.applyStarsPayment({
      db,
      paid: { currency: "XTR", total_amount: 294, invoice_payload: payload, telegram_payment_charge_id: charge },
      payerTelegramId: payer.telegramId,
    });
    fake.refunds.push({ user_id: payer.telegramId, telegram_payment_charge_id: charge });
    const { refundPayment } = await import("@/lib/server/payments/refund");
    expect(await refundPayment({ db, paymentId: payload, reason: "retry" })).toEqual({ status: "refunded" });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
  });

  it("refundPayment whose Bot API call fails releases its claim, so the operator can try again", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    const payload = await payLastStarsInvoice(fake, userId);
    const { payments } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const { refundPayment } = await import("@/lib/server/payments/refund");
    fake.stall = true;
    await expect(
      refundPayment({ db, paymentId: payload, reason: "x" }).finally(() => (fake.stall = false)),
    ).rejects.toMatchObject({ status: 503 });
    const [kept] = await db.select().from(payments).where(eq(payments.id, payload));
    expect(kept).toMatchObject({ status: "completed", refundRequestedAt: null });
    expect(await refundPayment({ db, paymentId: payload, reason: "x" })).toEqual({ status: "refunded" });
  });

  it("refuses a pre-checkout query of a different amount and credits nothing for it", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const payload = fake.invoices.at(-1)!.payload;
    await stars.answerStarsPreCheckout({
      db,
      query: { id: "q2", currency: "XTR", total_amount: 1, invoice_payload: payload },
    });
    expect(fake.answers.at(-1)).toMatchObject({ pre_checkout_query_id: "q2", ok: false });
    const result = await stars.applyStarsPayment({
      db,
      paid: { currency: "XTR", total_amount: 1, invoice_payload: payload, telegram_payment_charge_id: "c2" },
      payerTelegramId: 4242,
    });
    expect(result).toEqual({ applied: false, refunded: true });
    expect(fake.refunds.at(-1)).toEqual({ user_id: 4242, telegram_payment_charge_id: "c2" });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
  });

  it("refuses a pre-checkout query for an unknown payload", async () => {
    await stars.answerStarsPreCheckout({
      db,
      query: { id: "q3", currency: "XTR", total_amount: 294, invoice_payload: "nope" },
    });
    expect(fake.answers.at(-1)).toMatchObject({ pre_checkout_query_id: "q3", ok: false });
  });

  it("a successful_payment with an unknown payload is refunded and the payer told, never kept", async () => {
    const { userId } = await signIn({ id: 55_500_001 });
    const result = await stars.applyStarsPayment({
      db,
      paid: {
        currency: "XTR",
        total_amount: 294,
        invoice_payload: "not-ours",
        telegram_payment_charge_id: "c-unknown",
      },
      payerTelegramId: 55_500_001,
    });
    expect(result).toEqual({ applied: false, refunded: true });
    expect(fake.refunds.at(-1)).toEqual({ user_id: 55_500_001, telegram_payment_charge_id: "c-unknown" });
    const { botOutbox } = await import("@/db/schema");
    const { eq } = await import("drizzle-orm");
    const told = await db.select().from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(told).toHaveLength(1);
    expect(told[0].chatId).toBe(55_500_001);
  });

  it("the invoiced Stars amount is kept: a rate change between invoice and payment still applies the purchase", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const payload = fake.invoices.at(-1)!.payload;
    const { env } = await import("@/lib/env");
    const rate = env.STARS_PER_ROUBLE;
    env.STARS_PER_ROUBLE = 0.9;
    try {
      expect(
        await stars.answerStarsPreCheckout({
          db,
          query: { id: "q4", currency: "XTR", total_amount: 294, invoice_payload: payload },
        }),
      ).toBe(true);
      const result = await stars.applyStarsPayment({
        db,
        paid: { currency: "XTR", total_amount: 294, invoice_payload: payload, telegram_payment_charge_id: "c-rate" },
        payerTelegramId: 43,
      });
      expect(result.applied).toBe(true);
    } finally {
      env.STARS_PER_ROUBLE = rate;
    }
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });
});
