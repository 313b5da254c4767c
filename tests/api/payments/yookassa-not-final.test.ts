import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeYookassa } from "../../fakes/yookassa";
import { call, signIn } from "../../helpers/api";
import { startYookassaSuite, type YookassaSuite } from "../../helpers/yookassa";

// Issue 16 item 1: YooKassa answers that are not final (202 processing, 5xx, silence).
let fake: FakeYookassa;
let routes: YookassaSuite["routes"];
let renewSubscriptions: YookassaSuite["renewSubscriptions"];
let db: YookassaSuite["db"];
let schema: YookassaSuite["schema"];

beforeAll(async () => {
  ({ fake, routes, renewSubscriptions, db, schema } = await startYookassaSuite({ YOOKASSA_TRUSTED_IPS: "any" }));
});

afterAll(async () => {
  await fake?.close();
});

const buyStarter = (token: string, extra: Record<string, unknown> = {}) =>
  call(routes.createTariff, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0, ...extra },
  });
const notify = (id: string) =>
  call(routes.webhook, "POST", "/api/payments/webhook/yookassa", { body: fake.notification(id) });
/** YooKassa finishing a request it had only accepted (202): the payment exists and is paid. */
function yookassaCompletes(ourPaymentId: string, like: { id: string }) {
  const template = fake.payments.get(like.id)!;
  const id = crypto.randomUUID();
  fake.payments.set(id, { ...structuredClone(template), id, metadata: { payment_id: ourPaymentId } });
  fake.markSucceeded(id);
  return id;
}
const createPosts = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/payments");

describe("YooKassa answers that are not final", () => {
  it.each([
    ["202 processing", "processing" as const],
    ["a 500", 500 as const],
    ["a 503", 503 as const],
  ])(
    "POST /api/tariff/create - %s is repeated with the same Idempotence-Key: one payment, a link for the user",
    async (_label, fault) => {
      const { token } = await signIn();
      const before = createPosts().length;
      const paymentsBefore = fake.payments.size;
      fake.postFaults = [fault];
      const res = await buyStarter(token);
      expect(res.status).toBe(200);
      expect(res.body.payment_url).toBeTruthy();
      const posts = createPosts().slice(before);
      expect(posts).toHaveLength(2);
      expect(posts[0].headers["idempotence-key"]).toBe(posts[1].headers["idempotence-key"]);
      expect(fake.payments.size).toBe(paymentsBefore + 1);
    },
  );

  it("POST /api/tariff/create - YooKassa processing for too long gets a clear try-again 503, and its later success still applies once", async () => {
    const { token, userId } = await signIn();
    fake.postFaults = Array.from({ length: 400 }, () => "processing" as const);
    const started = Date.now();
    const res = await buyStarter(token);
    fake.postFaults = [];
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/try again/i);
    expect(Date.now() - started).toBeLessThan(20_000);
    const [local] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(local.status).toBe("failed");
    // The user tries again at once and gets a link.
    const again = await buyStarter(token);
    expect(again.status).toBe(200);
    // YooKassa finished the first request after all and the user paid it: applied exactly once.
    const paidId = yookassaCompletes(local.id, [...fake.payments.values()].at(-1)!);
    expect((await notify(paidId)).body.applied).toBe(true);
    expect((await notify(paidId)).body.applied).toBe(false);
  }, 40_000);

  it("POST /api/payments/webhook/yookassa - a success for a payment that failed locally is applied once", async () => {
    const { token, userId } = await signIn();
    await buyStarter(token);
    const id = [...fake.payments.values()].at(-1)!.id;
    await db.update(schema.payments).set({ status: "failed" }).where(eq(schema.payments.userId, userId));
    fake.markSucceeded(id);
    expect((await notify(id)).body.applied).toBe(true);
    expect((await notify(id)).body.applied).toBe(false);
    expect((await call(routes.userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
    // The app had shown that payment as over: the bot tells the user what they got.
    const told = await db.select().from(schema.botOutbox).where(eq(schema.botOutbox.userId, userId));
    expect(told.map((m: any) => m.text)).toEqual([expect.stringContaining("Starter")]);
    expect(told[0].text).toContain("490.00");
  });

  it("renewSubscriptions - a charge with no final answer stays pending, starts no second charge, and its success is applied", async () => {
    const user = await signIn();
    await buyStarter(user.token, { recurent: true });
    const first = [...fake.payments.values()].at(-1)!;
    fake.markSucceeded(first.id);
    await notify(first.id);
    await db
      .update(schema.subscriptions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.subscriptions.userId, user.userId));

    fake.postFaults = Array.from({ length: 400 }, () => "processing" as const);
    const outcome = await renewSubscriptions(db);
    fake.postFaults = [];
    expect(outcome.pending).toBe(1);
    const renewal = (await db.select().from(schema.payments).where(eq(schema.payments.userId, user.userId))).find(
      (p) => p.kind === "renewal",
    )!;
    expect(renewal.status).toBe("pending");

    // Another run, even with the retry window past, starts no second charge while this one is open.
    await db
      .update(schema.subscriptions)
      .set({ lastRenewalAttemptAt: sql`now() - interval '2 days'` })
      .where(eq(schema.subscriptions.userId, user.userId));
    const chargesBefore = fake.requests.filter((r) => r.body?.payment_method_id).length;
    await renewSubscriptions(db);
    expect(fake.requests.filter((r) => r.body?.payment_method_id).length).toBe(chargesBefore);

    // YooKassa did take the charge: its notification applies it.
    const chargedId = yookassaCompletes(renewal.id, first);
    expect((await notify(chargedId)).body.applied).toBe(true);
    expect(
      (await call(routes.userTariff, "GET", "/api/user/user-tariff", { token: user.token })).body.user_tariff,
    ).toBe("Starter");
  }, 40_000);
});
