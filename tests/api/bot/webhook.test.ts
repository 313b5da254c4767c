import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeStarsApi, type FakeStarsApi } from "../../fakes/telegram-stars";
import { call, signIn } from "../../helpers/api";

// lib/env.ts reads process.env once, so everything is configured before any app module loads.
const SECRET = "webhook-secret-0123456789";
let fake: FakeStarsApi;
let webhook: any;
let createTariff: any;
let userTariff: any;

beforeAll(async () => {
  fake = await startFakeStarsApi({ token: process.env.BOT_TOKEN! });
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "stars",
    BOT_API_BASE_URL: fake.url,
    STARS_PER_ROUBLE: "0.6",
    TELEGRAM_WEBHOOK_SECRET: SECRET,
  });
  webhook = (await import("@/app/api/telegram/webhook/route")).POST;
  createTariff = (await import("@/app/api/tariff/create/route")).POST;
  userTariff = (await import("@/app/api/user/user-tariff/route")).GET;
});

afterAll(async () => {
  await fake?.close();
});

const post = (update: unknown, secret: string | null = SECRET) =>
  call(webhook, "POST", "/api/telegram/webhook", {
    body: update,
    headers: secret === null ? {} : { "x-telegram-bot-api-secret-token": secret },
  });

describe("POST /api/telegram/webhook", () => {
  it("refuses an update without the secret or with a wrong one, and applies nothing", async () => {
    const { token } = await signIn();
    await call(createTariff, "POST", "/api/tariff/create", {
      token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    const payload = fake.invoices.at(-1)!.payload;
    const paid = {
      update_id: 1,
      message: {
        successful_payment: {
          currency: "XTR",
          total_amount: 294,
          invoice_payload: payload,
          telegram_payment_charge_id: "c1",
        },
      },
    };
    expect((await post(paid, null)).status).toBe(401);
    expect((await post(paid, "wrong-secret-0123456789!")).status).toBe(401);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
  });

  it("checks the secret before reading the body: a forged 100 MB post is refused with 401, unread", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(32);
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength;
        if (pulled > 100 * 1024 * 1024) controller.close();
        else controller.enqueue(chunk);
      },
    });
    const req = new Request("http://localhost/api/telegram/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": "forged-secret-0123456789" },
      body,
      duplex: "half",
    } as RequestInit);
    const res = await webhook(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(401);
    expect(pulled).toBeLessThanOrEqual(2 * 1024 * 1024);
  });

  it("answers a Stars pre-checkout query and credits the successful payment once", async () => {
    const { token } = await signIn();
    await call(createTariff, "POST", "/api/tariff/create", {
      token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    const payload = fake.invoices.at(-1)!.payload;
    const pre = await post({
      update_id: 2,
      pre_checkout_query: { id: "pq", currency: "XTR", total_amount: 294, invoice_payload: payload },
    });
    expect(pre.body).toEqual({ ok: true, handled: true });
    expect(fake.answers.at(-1)).toEqual({ pre_checkout_query_id: "pq", ok: true });
    const from = { id: 4242, is_bot: false, first_name: "Payer" };
    const paid = {
      update_id: 3,
      message: {
        message_id: 9,
        date: 0,
        chat: { id: from.id, type: "private" },
        from,
        successful_payment: {
          currency: "XTR",
          total_amount: 294,
          invoice_payload: payload,
          telegram_payment_charge_id: "c2",
        },
      },
    };
    // Stored once however often Telegram retries it, then applied by the bot-updates worker.
    const answers = await Promise.all([post(paid), post(paid)]);
    expect(answers.map((a) => a.body.handled).sort()).toEqual([false, true]);
    const { processUpdates } = await import("@/lib/server/bot/updates-job");
    const { getDb } = await import("@/db");
    await Promise.all(await processUpdates({ db: await getDb() }));
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });

  it("stores other updates for the worker (once) and rejects a body that is not an update", async () => {
    expect((await post({ update_id: 4, message: { text: "hi", chat: { id: 1 } } })).body).toEqual({
      ok: true,
      handled: true,
    });
    expect((await post({ update_id: 4, message: { text: "hi", chat: { id: 1 } } })).body).toEqual({
      ok: true,
      handled: false,
    });
    expect((await post({ hello: "world" })).status).toBe(400);
  });
});
