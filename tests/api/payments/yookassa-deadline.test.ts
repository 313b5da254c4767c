import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FakeYookassa } from "../../fakes/yookassa";
import { call, signIn } from "../../helpers/api";
import { startYookassaSuite, type YookassaSuite } from "../../helpers/yookassa";

// A YooKassa that never answers: the user waiting for a payment link gets a clear "try again" 503
// within the link deadline (injected short here), and the payment is left for later reconciliation.
const DEADLINE_MS = 300;
let fake: FakeYookassa;
let suite: YookassaSuite;

beforeAll(async () => {
  suite = await startYookassaSuite({ YOOKASSA_TRUSTED_IPS: "any", PAYMENT_LINK_DEADLINE_MS: String(DEADLINE_MS) });
  fake = suite.fake;
});

afterAll(async () => {
  await fake?.close();
});

describe("a hanging YooKassa", () => {
  it("POST /api/tariff/create - answers 503 try-again within the deadline and keeps the payment for reconciliation", async () => {
    const { token, userId } = await signIn();
    fake.postFaults = ["stall", "stall", "stall"];
    const started = performance.now();
    const res = await call(suite.routes.createTariff, "POST", "/api/tariff/create", {
      token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    const waited = performance.now() - started;
    fake.postFaults = [];
    expect(res.status).toBe(503);
    expect(res.body.error.message).toMatch(/try again/i);
    expect(waited).toBeLessThan(DEADLINE_MS + 1500);
    const [local] = await suite.db.select().from(suite.schema.payments).where(eq(suite.schema.payments.userId, userId));
    expect(local).toBeTruthy();
  });
});
