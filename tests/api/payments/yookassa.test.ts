import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeYookassa } from "../../fakes/yookassa";
import { call, signIn } from "../../helpers/api";
import { startYookassaSuite, type YookassaSuite } from "../../helpers/yookassa";

let fake: FakeYookassa;
let routes: YookassaSuite["routes"];
let renewSubscriptions: YookassaSuite["renewSubscriptions"];
let db: YookassaSuite["db"];
let schema: YookassaSuite["schema"];
const starterPrice = 490;

beforeAll(async () => {
  ({ fake, routes, renewSubscriptions, db, schema } = await startYookassaSuite({
    BOT_USERNAME: "test_ai_bot",
    YOOKASSA_VAT_CODE: "1",
    YOOKASSA_TRUSTED_IPS: "185.71.76.0/27, 77.75.156.11",
    // One reverse proxy of ours in front of the app: it appends the address it saw.
    TRUSTED_PROXY_COUNT: "1",
  }));
});

afterAll(async () => {
  await fake?.close();
});

const buyStarter = (token: string, extra: Record<string, unknown> = {}) =>
  call(routes.createTariff, "POST", "/api/tariff/create", {
    token,
    body: {
      tariff_name: "Starter",
      months: 1,
      calculated_price: starterPrice,
      recurent: false,
      ref_amount_used: 0,
      ...extra,
    },
  });
// As relayed by our reverse proxy (10.0.0.2, appended last by our server): YooKassa's address is
// the hop the proxy saw; whatever a client wrote before it is never trusted.
const fromYookassa = { "x-forwarded-for": "203.0.113.50, 185.71.76.10, 10.0.0.2" };
const notify = (id: string, headers: Record<string, string> = fromYookassa) =>
  call(routes.webhook, "POST", "/api/payments/webhook/yookassa", { body: fake.notification(id), headers });
const lastCreated = () => [...fake.payments.values()].at(-1)!;

describe("YooKassa payments", () => {
  it("POST /api/tariff/create - creates the payment at YooKassa with Basic auth, Idempotence-Key and a redirect back to the bot", async () => {
    const { token } = await signIn();
    const res = await buyStarter(token, { recurent: true, email: "me@example.com" });
    expect(res.status).toBe(200);
    const created = lastCreated();
    expect(res.body.payment_url).toBe(created.confirmation!.confirmation_url);
    const request = fake.requests.findLast((r) => r.method === "POST" && r.path === "/payments")!;
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("123456:test_secret").toString("base64")}`);
    expect(request.headers["idempotence-key"]).toBe(created.metadata!.payment_id);
    expect(request.body).toMatchObject({
      amount: { value: "490.00", currency: "RUB" },
      capture: true,
      confirmation: { type: "redirect", return_url: "https://t.me/test_ai_bot" },
      save_payment_method: true,
      metadata: { payment_id: expect.any(String) },
      receipt: {
        customer: { email: "me@example.com" },
        items: [
          {
            quantity: "1.00",
            amount: { value: "490.00", currency: "RUB" },
            vat_code: 1,
            payment_mode: "full_payment",
            payment_subject: "service",
          },
        ],
      },
    });
  });

  it("POST /api/tariff/create - sends no receipt without an email and no save_payment_method without auto-payment", async () => {
    const { token } = await signIn();
    expect((await buyStarter(token)).status).toBe(200);
    const request = fake.requests.findLast((r) => r.method === "POST" && r.path === "/payments")!;
    expect(request.body.receipt).toBeUndefined();
    expect(request.body.save_payment_method).toBeUndefined();
  });

  it("POST /api/payments/webhook/yookassa - a notification for a payment YooKassa says is not succeeded credits nothing", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    // A forged body claiming success: the re-fetch shows the payment still pending.
    const forged = {
      type: "notification",
      event: "payment.succeeded",
      object: { ...fake.notification(id).object, status: "succeeded", paid: true },
    };
    const res = await call(routes.webhook, "POST", "/api/payments/webhook/yookassa", {
      body: forged,
      headers: fromYookassa,
    });
    expect(res.status).toBe(200);
    expect(res.body.applied).toBe(false);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    expect(
      (await call(routes.checkPending, "GET", "/api/tariff/check-pending-payment", { token })).body.has_pending_payment,
    ).toBe(true);
  });

  it("POST /api/payments/webhook/yookassa - ignores a payment YooKassa does not know", async () => {
    const res = await call(routes.webhook, "POST", "/api/payments/webhook/yookassa", {
      body: {
        type: "notification",
        event: "payment.succeeded",
        object: { id: "2f000000-000f-5000-8000-000000000000", status: "succeeded" },
      },
      headers: fromYookassa,
    });
    expect(res.status).toBe(200);
    expect(res.body.ignored).toBe("unknown payment");
  });

  it("POST /api/payments/webhook/yookassa - 10 concurrent duplicates and a later replay apply the payment and the referral reward once", async () => {
    const referrer = await signIn();
    const payer = await signIn();
    await db
      .update(schema.users)
      .set({ referredByUserId: referrer.userId, referralAppliedAt: sql`now()` })
      .where(eq(schema.users.id, payer.userId));
    await buyStarter(payer.token);
    const id = lastCreated().id;
    fake.markSucceeded(id);
    const results = await Promise.all(Array.from({ length: 10 }, () => notify(id)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.body.applied === true)).toHaveLength(1);
    expect((await notify(id)).body.applied).toBe(false);

    expect(
      (await call(routes.userTariff, "GET", "/api/user/user-tariff", { token: payer.token })).body.user_tariff,
    ).toBe("Starter");
    const completed = await db.select().from(schema.payments).where(eq(schema.payments.userId, payer.userId));
    expect(completed.map((p) => p.status)).toEqual(["completed"]);
    // 40 % of the first payment.
    const [ref] = await db.select().from(schema.users).where(eq(schema.users.id, referrer.userId));
    expect(ref.refBalanceKopecks).toBe(Math.floor(starterPrice * 100 * 0.4));
    const ledger = await db
      .select()
      .from(schema.referralLedger)
      .where(eq(schema.referralLedger.userId, referrer.userId));
    expect(ledger).toHaveLength(1);

    // A later payment earns 10 %.
    const packages = await db.select().from(schema.packages).where(eq(schema.packages.seedKey, "image-50"));
    const pkg = await call(routes.createPackage, "POST", "/api/package/payment", {
      token: payer.token,
      body: { package_id: packages[0].id },
    });
    expect(pkg.status).toBe(200);
    const second = lastCreated().id;
    fake.markSucceeded(second);
    await Promise.all([notify(second), notify(second)]);
    const [refAfter] = await db.select().from(schema.users).where(eq(schema.users.id, referrer.userId));
    expect(refAfter.refBalanceKopecks).toBe(Math.floor(starterPrice * 100 * 0.4) + Math.floor(249 * 100 * 0.1));
    const stats = await call(routes.statistic, "GET", "/api/user/statistic", { token: payer.token });
    expect(stats.body.remaining_quotas.image_tokens).toBe(300 + 300);
  });

  it("POST /api/payments/webhook/yookassa - finds the payment by its metadata when our record has no YooKassa id yet", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    await db.update(schema.payments).set({ providerPaymentId: null }).where(eq(schema.payments.userId, userId));
    fake.markSucceeded(id);
    expect((await notify(id)).body.applied).toBe(true);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });

  it("POST /api/payments/webhook/yookassa - a canceled payment releases the reserved referral balance", async () => {
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 5000 }).where(eq(schema.users.id, userId));
    const res = await buyStarter(token, { ref_amount_used: 50, calculated_price: starterPrice - 50 });
    expect(res.status).toBe(200);
    expect(fake.requests.findLast((r) => r.path === "/payments")!.body.amount.value).toBe("440.00");
    const id = lastCreated().id;
    fake.markCanceled(id);
    await Promise.all([notify(id), notify(id)]);
    const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user.refBalanceKopecks).toBe(5000);
    expect(
      (await call(routes.checkPending, "GET", "/api/tariff/check-pending-payment", { token })).body.has_pending_payment,
    ).toBe(false);
  });

  it("POST /api/payments/webhook/yookassa - refuses a source outside YOOKASSA_TRUSTED_IPS with 403 and applies nothing", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    fake.markSucceeded(id);
    expect((await notify(id, { "x-forwarded-for": "203.0.113.7" })).status).toBe(403);
    expect((await notify(id, {})).status).toBe(403);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    expect((await notify(id)).body.applied).toBe(true);
  });

  it("POST /api/payments/webhook/yookassa - a forged first X-Forwarded-For entry does not pass the trusted list", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    fake.markSucceeded(id);
    // The client claims to be YooKassa; our proxy saw 203.0.113.7.
    expect((await notify(id, { "x-forwarded-for": "185.71.76.10, 203.0.113.7, 10.0.0.2" })).status).toBe(403);
  });

  it("POST /api/payments/webhook/yookassa - an instance reached directly (not through a proxy of ours) does not read the caller's X-Forwarded-For", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    fake.markSucceeded(id);
    // The caller at 203.0.113.7 connects straight to the instance and writes YooKassa's address itself.
    expect((await notify(id, { "x-forwarded-for": "185.71.76.10, 203.0.113.7" })).status).toBe(403);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
  });

  it("POST /api/payments/webhook/yookassa - refuses an id that is not YooKassa-shaped before any outbound call", async () => {
    const before = fake.requests.length;
    for (const id of ["..", "../../v3", "x".repeat(40), "2419a771-000f-5000-9000-1edaf29243f2/../x"]) {
      const res = await call(routes.webhook, "POST", "/api/payments/webhook/yookassa", {
        body: { type: "notification", event: "payment.succeeded", object: { id } },
        headers: fromYookassa,
      });
      expect(res.status).toBe(400);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("POST /api/payments/webhook/yookassa - a stalled or failing provider gets a quick generic 503, never its own text", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    const id = lastCreated().id;
    fake.markSucceeded(id);
    try {
      fake.readFault = "stall";
      const started = Date.now();
      const stalled = await notify(id);
      expect(stalled.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(Number(stalled.headers.get("retry-after"))).toBeGreaterThan(0);
      fake.readFault = { status: 500, description: "internal detail: shop 123456 secret path" };
      const failing = await notify(id);
      expect(failing.status).toBe(503);
      expect(JSON.stringify(failing.body)).not.toContain("internal detail");
    } finally {
      fake.readFault = null;
    }
    expect((await notify(id)).body.applied).toBe(true);
  });

  it("GET /api/tariff/check-pending-payment - answers within a few seconds while the provider stalls, expiring a stale link locally", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    await db
      .update(schema.payments)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(schema.payments.userId, userId));
    try {
      fake.readFault = "stall";
      const started = Date.now();
      const res = await call(routes.checkPending, "GET", "/api/tariff/check-pending-payment", { token });
      expect(res.status).toBe(200);
      expect(res.body.has_pending_payment).toBe(false);
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      fake.readFault = null;
    }
  });

  const refBalance = async (userId: number) =>
    (await db.select().from(schema.users).where(eq(schema.users.id, userId)))[0].refBalanceKopecks;

  it("POST /api/tariff/cancel-pending-payment - a pending YooKassa payment (which YooKassa cannot cancel) is closed in the app but keeps its referral roubles until YooKassa reports it canceled", async () => {
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 3000 }).where(eq(schema.users.id, userId));
    await buyStarter(token, { ref_amount_used: 20, calculated_price: starterPrice - 20 });
    const id = lastCreated().id;
    const first = await call(routes.cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token });
    expect(first.status).toBe(200);
    expect(fake.requests.some((r) => r.method === "POST" && r.path === `/payments/${id}/cancel`)).toBe(true);
    const again = await call(routes.cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token });
    expect(again.status).toBe(404);
    expect(await refBalance(userId)).toBe(1000);
    fake.markCanceled(id);
    await notify(id);
    await notify(id);
    expect(await refBalance(userId)).toBe(3000);
  });

  it("POST /api/tariff/cancel-pending-payment - a payment YooKassa can cancel (waiting_for_capture) gives its roubles back at once", async () => {
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 3000 }).where(eq(schema.users.id, userId));
    await buyStarter(token, { ref_amount_used: 20, calculated_price: starterPrice - 20 });
    lastCreated().status = "waiting_for_capture";
    expect((await call(routes.cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token })).status).toBe(
      200,
    );
    expect(lastCreated().status).toBe("canceled");
    expect(await refBalance(userId)).toBe(3000);
  });

  it("referral roubles discount one payment only: create with a discount, cancel in the app, recreate with the same discount, pay both", async () => {
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 10_000 }).where(eq(schema.users.id, userId));
    expect((await buyStarter(token, { ref_amount_used: 100, calculated_price: starterPrice - 100 })).status).toBe(200);
    const first = lastCreated().id;
    expect((await call(routes.cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token })).status).toBe(
      200,
    );
    // The same roubles again: refused, since the cancelled link still holds them.
    const again = await buyStarter(token, { ref_amount_used: 100, calculated_price: starterPrice - 100 });
    expect(again.status).toBe(400);
    // Without the discount: paid in full.
    expect((await buyStarter(token)).status).toBe(200);
    const second = lastCreated().id;
    expect(lastCreated().amount.value).toBe("490.00");
    fake.markSucceeded(first);
    fake.markSucceeded(second);
    expect((await notify(first)).body.applied).toBe(true);
    expect((await notify(second)).body.applied).toBe(true);
    // 100 ₽ spent once, on the first payment only.
    expect(await refBalance(userId)).toBe(0);
    const rows = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(rows.map((p) => [p.status, p.refAmountKopecks]).sort()).toEqual([
      ["completed", 0],
      ["completed", 10_000],
    ]);
    const ledger = await db.select().from(schema.referralLedger).where(eq(schema.referralLedger.userId, userId));
    expect(ledger.map((l) => l.kind)).toEqual(["spend"]);
  });

  it("POST /api/tariff/cancel-pending-payment - applies instead when YooKassa already has it paid", async () => {
    const { token } = await signIn();
    await buyStarter(token);
    fake.markSucceeded(lastCreated().id);
    const res = await call(routes.cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token });
    expect(res.status).toBe(409);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });
});

describe("late YooKassa outcomes", () => {
  const expireLocally = (userId: number) =>
    db
      .update(schema.payments)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.payments.userId, userId));

  it("POST /api/payments/webhook/yookassa - a payment paid after its link expired locally is still applied once, with exactly the referral roubles it reserved", async () => {
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 10_000 }).where(eq(schema.users.id, userId));
    await buyStarter(token, { ref_amount_used: 100, calculated_price: starterPrice - 100 });
    const id = lastCreated().id;
    await expireLocally(userId);
    expect(
      (await call(routes.checkPending, "GET", "/api/tariff/check-pending-payment", { token })).body.has_pending_payment,
    ).toBe(false);
    // YooKassa may still take it: the reservation stays.
    let [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user.refBalanceKopecks).toBe(0);
    fake.markSucceeded(id);
    const results = await Promise.all([notify(id), notify(id), notify(id)]);
    expect(results.filter((r) => r.body.applied === true)).toHaveLength(1);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
    [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user.refBalanceKopecks).toBe(0);
  });

  it("expireStalePayments - applies instead of expiring a payment YooKassa reports paid", async () => {
    const { expireStalePayments } = await import("@/lib/server/payments/pending");
    const { token, userId } = await signIn();
    await buyStarter(token);
    fake.markSucceeded(lastCreated().id);
    await expireLocally(userId);
    await expireStalePayments(db);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(payment.status).toBe("completed");
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });

  it("expireStalePayments - expires an unpaid payment, and releases its referral amount once YooKassa has canceled it", async () => {
    const { expireStalePayments } = await import("@/lib/server/payments/pending");
    const { token, userId } = await signIn();
    await db.update(schema.users).set({ refBalanceKopecks: 2_000 }).where(eq(schema.users.id, userId));
    await buyStarter(token, { ref_amount_used: 20, calculated_price: starterPrice - 20 });
    const id = lastCreated().id;
    await expireLocally(userId);
    await expireStalePayments(db);
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(payment.status).toBe("expired");
    const balance = async () =>
      (await db.select().from(schema.users).where(eq(schema.users.id, userId)))[0].refBalanceKopecks;
    expect(await balance()).toBe(0);
    fake.markCanceled(id);
    await expireStalePayments(db);
    await expireStalePayments(db);
    expect(await balance()).toBe(2_000);
  });
});

describe("auto-payment", () => {
  async function subscribeRecurrent() {
    const user = await signIn();
    await buyStarter(user.token, { recurent: true });
    const id = lastCreated().id;
    fake.markSucceeded(id);
    await notify(id);
    const [sub] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, user.userId));
    return { ...user, sub, methodId: fake.payments.get(id)!.payment_method!.id };
  }
  const endSubscription = (userId: number) =>
    db
      .update(schema.subscriptions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.subscriptions.userId, userId));

  it("renewSubscriptions - charges the saved method at YooKassa and extends an ended recurrent subscription once", async () => {
    const { token, userId, sub, methodId } = await subscribeRecurrent();
    expect(sub.recurrent).toBe(true);
    expect(sub.paymentMethodId).toBe(methodId);
    expect((await call(routes.recurrentStatus, "GET", "/api/settings/recurrent-status", { token })).body).toEqual({
      is_recurrent: true,
      has_saved_method: true,
      renews_at: sub.expiresAt.toISOString(),
    });
    await endSubscription(userId);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    fake.chargeOutcome = "succeeded";
    const [a, b] = await Promise.all([renewSubscriptions(db), renewSubscriptions(db)]);
    expect((a.renewed ?? 0) + (b.renewed ?? 0)).toBe(1);
    const charge = fake.requests.findLast((r) => r.method === "POST" && r.path === "/payments")!;
    expect(charge.body).toMatchObject({
      amount: { value: "490.00", currency: "RUB" },
      capture: true,
      payment_method_id: methodId,
    });
    expect(charge.body.confirmation).toBeUndefined();
    expect(charge.headers["idempotence-key"]).toBeTruthy();
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
    const [renewed] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(renewed.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);
    expect(renewed.recurrent).toBe(true);
    const kinds = (await db.select().from(schema.payments).where(eq(schema.payments.userId, userId))).map(
      (p) => `${p.kind}:${p.status}`,
    );
    expect(kinds.sort()).toEqual(["renewal:completed", "tariff:completed"]);
    // Nothing is due any more.
    expect(await renewSubscriptions(db)).toEqual({});
  });

  it("renewSubscriptions - a declined charge fails the renewal payment and leaves the subscription ended", async () => {
    const { token, userId } = await subscribeRecurrent();
    await endSubscription(userId);
    fake.chargeOutcome = "canceled";
    const outcome = await renewSubscriptions(db);
    fake.chargeOutcome = "succeeded";
    expect(outcome.declined).toBe(1);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    const renewal = (await db.select().from(schema.payments).where(eq(schema.payments.userId, userId))).find(
      (p) => p.kind === "renewal",
    )!;
    expect(renewal.status).toBe("failed");
  });

  it("POST /api/settings/recurrent - turning auto-payment off stops renewals", async () => {
    const { token, userId } = await subscribeRecurrent();
    const off = await call(routes.setRecurrent, "POST", "/api/settings/recurrent", {
      token,
      body: { is_recurrent: false },
    });
    expect(off.body).toMatchObject({ is_recurrent: false, has_saved_method: true });
    expect((await call(routes.recurrentStatus, "GET", "/api/settings/recurrent-status", { token })).body).toMatchObject(
      { is_recurrent: false },
    );
    await endSubscription(userId);
    const before = fake.requests.length;
    await renewSubscriptions(db);
    expect(fake.requests.slice(before).filter((r) => r.body?.payment_method_id)).toHaveLength(0);
  });

  it("POST /api/settings/recurrent - turned back on, the next renewal charges the saved method", async () => {
    const { token, userId, sub, methodId } = await subscribeRecurrent();
    await call(routes.setRecurrent, "POST", "/api/settings/recurrent", { token, body: { is_recurrent: false } });
    const on = await call(routes.setRecurrent, "POST", "/api/settings/recurrent", {
      token,
      body: { is_recurrent: true },
    });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ is_recurrent: true, has_saved_method: true, renews_at: sub.expiresAt.toISOString() });
    await endSubscription(userId);
    fake.chargeOutcome = "succeeded";
    expect((await renewSubscriptions(db)).renewed).toBe(1);
    expect(fake.requests.findLast((r) => r.method === "POST" && r.path === "/payments")!.body).toMatchObject({
      payment_method_id: methodId,
    });
  });

  it("POST /api/settings/recurrent - an ended subscription cannot be turned back on (409), nothing changes", async () => {
    const { token, userId } = await subscribeRecurrent();
    await call(routes.setRecurrent, "POST", "/api/settings/recurrent", { token, body: { is_recurrent: false } });
    await endSubscription(userId);
    expect(
      (await call(routes.setRecurrent, "POST", "/api/settings/recurrent", { token, body: { is_recurrent: true } }))
        .status,
    ).toBe(409);
    const [after] = await db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId));
    expect(after.recurrent).toBe(false);
    expect((await call(routes.recurrentStatus, "GET", "/api/settings/recurrent-status", { token })).body).toEqual({
      is_recurrent: false,
      has_saved_method: false,
      renews_at: null,
    });
  });

  it("POST /api/settings/recurrent - cannot turn on without a saved method (409) and rejects a bad body (400)", async () => {
    const { token } = await signIn();
    expect(
      (await call(routes.setRecurrent, "POST", "/api/settings/recurrent", { token, body: { is_recurrent: true } }))
        .status,
    ).toBe(409);
    expect(
      (await call(routes.setRecurrent, "POST", "/api/settings/recurrent", { token, body: { is_recurrent: "no" } }))
        .status,
    ).toBe(400);
  });

  it("a partial refund of a payment made with a receipt carries the receipt of the part returned; a whole refund leaves it to YooKassa", async () => {
    const { refundPayment } = await import("@/lib/server/payments/refund");
    const refundRequest = () => fake.requests.findLast((r) => r.method === "POST" && r.path === "/refunds")!;
    const paidStarter = async () => {
      const { token, userId } = await signIn();
      await buyStarter(token, { email: "me@example.com" });
      const id = lastCreated().id;
      fake.markSucceeded(id);
      await notify(id);
      const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
      return payment;
    };
    const part = await paidStarter();
    expect(await refundPayment({ db, paymentId: part.id, reason: "part", amountKopecks: 10_000 })).toEqual({
      status: "refunded",
    });
    expect(refundRequest().body).toMatchObject({
      amount: { value: "100.00", currency: "RUB" },
      receipt: {
        customer: { email: "me@example.com" },
        items: [
          {
            description: "Tariff Starter, 30 days",
            quantity: "1.00",
            amount: { value: "100.00", currency: "RUB" },
            vat_code: 1,
            payment_mode: "full_payment",
            payment_subject: "service",
          },
        ],
      },
    });
    const whole = await paidStarter();
    expect(await refundPayment({ db, paymentId: whole.id, reason: "all" })).toEqual({ status: "refunded" });
    expect(refundRequest().body.amount).toEqual({ value: "490.00", currency: "RUB" });
    expect(refundRequest().body.receipt).toBeUndefined();
  });
});
