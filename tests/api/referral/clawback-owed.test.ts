import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { referralLedger, users } from "@/db/schema";
import { refundPayment } from "@/lib/server/payments/refund";
import { signIn } from "../../helpers/api";
import { confirmSandbox } from "../../helpers/billing";
import { buyStarter, paymentIdFromUrl, referralKopecks, setReferralBalance } from "../../helpers/payments";

// What a referrer owes from a clawback is settled before roubles coming back to their balance can be
// spent again (docs/product/referral.md "Refunds").

describe("a referral clawback owed", () => {
  it("is settled from the roubles the referrer's own refunded payment returns, so they are not spendable twice", async () => {
    const db = await getDb();
    const referrer = await signIn();
    const referee = await signIn();
    await db
      .update(users)
      .set({ referredByUserId: referrer.userId, referralAppliedAt: new Date() })
      .where(eq(users.id, referee.userId));
    await setReferralBalance(referrer.userId, 100);
    const refereeUrl = (await buyStarter(referee.token)).body.payment_url;
    await confirmSandbox(refereeUrl);
    expect(await referralKopecks(referrer.userId)).toBe(10_000 + 19_600); // 40 % of 490 ₽
    // The referrer spends 200 ₽ of it on their own tariff.
    const ownUrl = (await buyStarter(referrer.token, { ref_amount_used: 200, calculated_price: 290 })).body.payment_url;
    expect(ownUrl).toBeDefined();
    await confirmSandbox(ownUrl);
    expect(await referralKopecks(referrer.userId)).toBe(9_600);
    // The referee's payment is refunded: 96 ₽ taken back, 100 ₽ owed.
    await refundPayment({ db, paymentId: paymentIdFromUrl(refereeUrl), reason: "test" });
    expect(await referralKopecks(referrer.userId)).toBe(0);
    // The referrer's own payment is refunded: its 200 ₽ come back, and the 100 ₽ owed are settled from them.
    await refundPayment({ db, paymentId: paymentIdFromUrl(ownUrl), reason: "test" });
    expect(await referralKopecks(referrer.userId)).toBe(10_000);
    const rows = await db.select().from(referralLedger).where(eq(referralLedger.userId, referrer.userId));
    const sum = (kind: string) => rows.filter((r) => r.kind === kind).reduce((s, r) => s + r.amountKopecks, 0);
    expect(sum("owed") - sum("settle")).toBe(0);
  });
});
