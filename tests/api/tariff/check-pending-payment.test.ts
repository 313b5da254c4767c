import { describe, expect, it } from "vitest";
import { GET as checkPending } from "@/app/api/tariff/check-pending-payment/route";
import { call, signIn } from "../../helpers/api";
import { buyStarter, expireOpenPayment, referralKopecks, setReferralBalance, starter } from "../../helpers/payments";

describe("GET /api/tariff/check-pending-payment", () => {
  it("expires an expired link on read and releases its referral reservation", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 100);
    await buyStarter(token, { ref_amount_used: 40, calculated_price: starter.amountRub - 40 });
    expect(await referralKopecks(userId)).toBe(6_000);
    // While open it says how many referral roubles it holds (the modal explains them only then).
    const open = await call(checkPending, "GET", "/api/tariff/check-pending-payment", { token });
    expect(open.body).toMatchObject({ has_pending_payment: true, ref_amount_used: 40 });
    await expireOpenPayment(userId);
    const res = await call(checkPending, "GET", "/api/tariff/check-pending-payment", { token });
    expect(res.body).toEqual({
      has_pending_payment: false,
      payment_url: null,
      expires_in_minutes: null,
      ref_amount_used: 0,
    });
    expect(await referralKopecks(userId)).toBe(10_000);
    // A new payment may be created now.
    expect((await buyStarter(token)).status).toBe(200);
  });
});
