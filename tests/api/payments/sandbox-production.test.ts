import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../../helpers/api";

// lib/env.ts reads process.env once: production mode is set before any app module loads.
let createTariff: any;
beforeAll(async () => {
  process.env.APP_MODE = "production";
  process.env.PAYMENT_PROVIDER = "sandbox";
  createTariff = (await import("@/app/api/tariff/create/route")).POST;
});

describe("sandbox provider in production", () => {
  it("POST /api/tariff/create - refuses to sell through the sandbox and reserves nothing", async () => {
    const { token } = await signIn();
    const res = await call(createTariff, "POST", "/api/tariff/create", {
      token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    expect(res.status).toBe(500);
    expect(res.body.error.message).toMatch(/demo mode only/);
    const { checkPendingPayment } = await import("@/lib/server/payments/pending");
    const { getDb } = await import("@/db");
    const { verifyToken } = await import("@/lib/server/auth/jwt");
    const userId = (await verifyToken(token))!;
    expect((await checkPendingPayment({ db: await getDb(), userId })).has_pending_payment).toBe(false);
  });
});
