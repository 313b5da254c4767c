import { describe, expect, it } from "vitest";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { call, signIn } from "../../helpers/api";
import { paymentsOf, referralKopecks, setReferralBalance } from "../../helpers/payments";
import { neuroBasic as nb } from "../../helpers/tariffs";

const tariff = (token: string, body: Record<string, unknown>) =>
  call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: {
      tariff_name: "Neuro Basic",
      months: 1,
      calculated_price: nb.amountRub,
      recurent: false,
      ref_amount_used: 0,
      ...body,
    },
  });

describe("POST /api/tariff/create - validation", () => {
  it("accepts each period at amount x months", async () => {
    for (const months of [1, 2, 3]) {
      const { token } = await signIn();
      const res = await tariff(token, { months, calculated_price: nb.amountRub * months });
      expect(res.status, `months ${months}`).toBe(200);
    }
  });

  it("rejects a tampered calculated_price with 400 and creates nothing", async () => {
    const { token, userId } = await signIn();
    const res = await tariff(token, { calculated_price: 1 });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/calculated_price 1 does not match the price 1490/);
    expect(res.body.error.fields).toHaveProperty("calculated_price");
    expect(await paymentsOf(userId)).toEqual([]);
  });

  it("rejects a period other than 1, 2 or 3 months", async () => {
    const { token } = await signIn();
    for (const months of [0, 4, 12, -1]) {
      expect((await tariff(token, { months, calculated_price: nb.amountRub * months })).status).toBe(400);
    }
  });

  it("refuses Free and Custom, and an unknown tariff", async () => {
    const { token } = await signIn();
    expect((await tariff(token, { tariff_name: "Free", calculated_price: 0 })).status).toBe(400);
    expect((await tariff(token, { tariff_name: "Custom", calculated_price: 0 })).status).toBe(400);
    expect((await tariff(token, { tariff_name: "Gold", calculated_price: 10 })).status).toBe(400);
  });

  it("rejects a malformed body (email, negative price, non-JSON)", async () => {
    const { token } = await signIn();
    expect((await tariff(token, { email: "not-an-email" })).status).toBe(400);
    expect((await tariff(token, { calculated_price: -5 })).status).toBe(400);
    const raw = await call(createTariff, "POST", "/api/tariff/create", {
      token,
      rawBody: "{",
      headers: { "content-type": "application/json" },
    });
    expect(raw.status).toBe(400);
  });

  it("reserves the referral discount: the price is amount minus the discount, the balance drops at once", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 500);
    const res = await tariff(token, { ref_amount_used: 300, calculated_price: nb.amountRub - 300 });
    expect(res.status).toBe(200);
    expect(await referralKopecks(userId)).toBe(20_000);
    const [payment] = await paymentsOf(userId);
    expect(payment.amountKopecks).toBe((nb.amountRub - 300) * 100);
    expect(payment.refAmountKopecks).toBe(30_000);
  });

  it("rejects referral amounts outside the rules (below 10, above the balance, above price - 20)", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 2000);
    expect((await tariff(token, { ref_amount_used: 5, calculated_price: nb.amountRub - 5 })).status).toBe(400);
    expect((await tariff(token, { ref_amount_used: 1480, calculated_price: nb.amountRub - 1480 })).status).toBe(400);
    const other = await signIn();
    await setReferralBalance(other.userId, 50);
    const res = await tariff(other.token, { ref_amount_used: 60, calculated_price: nb.amountRub - 60 });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("ref_amount_used");
    expect(await referralKopecks(other.userId)).toBe(5000);
    // The maximum, price - 20, is accepted.
    expect((await tariff(token, { ref_amount_used: 1470, calculated_price: 20 })).status).toBe(200);
  });
});
