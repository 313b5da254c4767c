import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as referralBalance } from "@/app/api/referral/balance/route";
import { getDb } from "@/db";
import { referralLedger, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { paymentIdFromUrl } from "../../helpers/payments";

async function refer({
  referrerId,
  payerId,
  appliedDaysAgo = 0,
}: {
  referrerId: number;
  payerId: number;
  appliedDaysAgo?: number;
}) {
  const db = await getDb();
  await db
    .update(users)
    .set({ referredByUserId: referrerId, referralAppliedAt: sql`now() - make_interval(days => ${appliedDaysAgo})` })
    .where(eq(users.id, payerId));
}
async function buyAndConfirm(token: string, months = 1) {
  const res = await call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Starter", months, calculated_price: 490 * months, recurent: false, ref_amount_used: 0 },
  });
  expect(res.status).toBe(200);
  const id = paymentIdFromUrl(res.body.payment_url);
  const confirms = await Promise.all(
    Array.from({ length: 10 }, () =>
      call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, {
        params: { paymentId: id, action: "confirm" },
      }),
    ),
  );
  expect(confirms.every((r) => r.status === 200 && r.body.status === "completed")).toBe(true);
}
const balance = async (token: string) =>
  (await call(referralBalance, "GET", "/api/referral/balance", { token })).body.ref_balance;

describe("referral rewards", () => {
  it("credit the referrer 40 % of the first payment and 10 % of later ones, once each even with 10 concurrent confirmations", async () => {
    const referrer = await signIn();
    const payer = await signIn();
    await refer({ referrerId: referrer.userId, payerId: payer.userId });
    await buyAndConfirm(payer.token);
    expect(await balance(referrer.token)).toBe(196);
    await buyAndConfirm(payer.token, 2);
    expect(await balance(referrer.token)).toBe(196 + 98);
    const db = await getDb();
    const rows = await db.select().from(referralLedger).where(eq(referralLedger.userId, referrer.userId));
    expect(rows.map((r) => [r.kind, r.amountKopecks, r.sourceUserId])).toEqual([
      ["reward", 19_600, payer.userId],
      ["reward", 9_800, payer.userId],
    ]);
    // The payer earns nothing.
    expect(await balance(payer.token)).toBe(0);
  });

  it("stop a year after the code was applied", async () => {
    const referrer = await signIn();
    const payer = await signIn();
    await refer({ referrerId: referrer.userId, payerId: payer.userId, appliedDaysAgo: 366 });
    await buyAndConfirm(payer.token);
    expect(await balance(referrer.token)).toBe(0);
  });

  it("are not paid for a user nobody referred", async () => {
    const payer = await signIn();
    await buyAndConfirm(payer.token);
    const db = await getDb();
    expect(await db.select().from(referralLedger).where(eq(referralLedger.sourceUserId, payer.userId))).toEqual([]);
  });
});
