import { describe, expect, it } from "vitest";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { call, signIn } from "../../helpers/api";
import { buyStarter, paymentsOf, referralKopecks, setReferralBalance, starter } from "../../helpers/payments";

const withReferral = {
  tariff_name: "Starter",
  months: 1,
  recurent: false,
  ref_amount_used: 20,
  calculated_price: starter.amountRub - 20,
};

describe("POST /api/tariff/create - concurrent and repeated creations", () => {
  it("20 at once with a referral amount: one payment, every loser gets 409, the balance is spent once", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 30);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call(createTariff, "POST", "/api/tariff/create", { token, body: withReferral })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(await paymentsOf(userId)).toHaveLength(1);
    expect(await referralKopecks(userId)).toBe(1000);
  });

  it("a second creation while one with a referral amount is pending gets 409, not a 400 about the reserved balance", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 30);
    expect((await call(createTariff, "POST", "/api/tariff/create", { token, body: withReferral })).status).toBe(200);
    const second = await call(createTariff, "POST", "/api/tariff/create", { token, body: withReferral });
    expect(second.status).toBe(409);
    expect(await referralKopecks(userId)).toBe(1000);
  });

  it("refuses a second payment while one is pending (409)", async () => {
    const { token } = await signIn();
    expect((await buyStarter(token)).status).toBe(200);
    const second = await buyStarter(token);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe("conflict");
  });

  it("five concurrent creations leave exactly one pending payment", async () => {
    const { token, userId } = await signIn();
    const results = await Promise.all(Array.from({ length: 5 }, () => buyStarter(token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(4);
    expect((await paymentsOf(userId)).filter((p) => p.status === "pending")).toHaveLength(1);
  });
});
