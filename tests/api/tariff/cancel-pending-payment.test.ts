import { describe, expect, it } from "vitest";
import { POST as cancelPending } from "@/app/api/tariff/cancel-pending-payment/route";
import { call, signIn } from "../../helpers/api";
import { buyStarter, paymentsOf, referralKopecks, setReferralBalance, starter } from "../../helpers/payments";

describe("POST /api/tariff/cancel-pending-payment", () => {
  it("cancels and restores the referral balance exactly once", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 100);
    await buyStarter(token, { ref_amount_used: 30, calculated_price: starter.amountRub - 30 });
    expect(await referralKopecks(userId)).toBe(7_000);
    const results = await Promise.all(
      Array.from({ length: 3 }, () => call(cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token })),
    );
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(await referralKopecks(userId)).toBe(10_000);
    expect((await paymentsOf(userId))[0].status).toBe("canceled");
    const again = await call(cancelPending, "POST", "/api/tariff/cancel-pending-payment", { token });
    expect(again.status).toBe(404);
    expect(await referralKopecks(userId)).toBe(10_000);
  });
});
