import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as activate } from "@/app/api/referral/activate-code/route";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as balance } from "@/app/api/referral/balance/route";
import { getDb } from "@/db";
import { referralLedger, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { paymentIdFromUrl } from "../../helpers/payments";
import { firstLoginHoursAgo, signInWithStartParam, userRow } from "./helpers";

const activateCode = (token: string, referral_code: unknown) =>
  call(activate, "POST", "/api/referral/activate-code", { token, body: { referral_code } });

async function buyStarter(token: string) {
  const res = await call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
  });
  const id = paymentIdFromUrl(res.body.payment_url);
  expect(
    (
      await call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, {
        params: { paymentId: id, action: "confirm" },
      })
    ).status,
  ).toBe(200);
}

describe("POST /api/referral/activate-code", () => {
  it("applies someone else's code once: success, then 409", async () => {
    const referrer = await signIn();
    const { token, userId } = await signIn();
    const code = (await userRow(referrer.userId)).referralCode;
    const res = await activateCode(token, code);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: "Код активирован" });
    expect((await userRow(userId)).referredByUserId).toBe(referrer.userId);
    const other = await signIn();
    const again = await activateCode(token, (await userRow(other.userId)).referralCode);
    expect(again.status).toBe(409);
    expect((await userRow(userId)).referredByUserId).toBe(referrer.userId);
  });

  it("refuses the code of one's own referee, directly or further down the chain (no cycles), changing nothing", async () => {
    const a = await signIn();
    const b = await signIn();
    const c = await signIn();
    const codeOf = async (userId: number) => (await userRow(userId)).referralCode;
    expect((await activateCode(b.token, await codeOf(a.userId))).status).toBe(200);
    const back = await activateCode(a.token, await codeOf(b.userId));
    expect(back.status).toBe(400);
    expect(back.body.error.message).toBe("Нельзя использовать код того, кого пригласили вы");
    expect((await userRow(a.userId)).referredByUserId).toBeNull();

    expect((await activateCode(c.token, await codeOf(b.userId))).status).toBe(200);
    expect((await activateCode(a.token, await codeOf(c.userId))).status).toBe(400);
    expect((await userRow(a.userId)).referredByUserId).toBeNull();
  });

  it("two users applying each other's code at once: one succeeds, the other is refused", async () => {
    const a = await signIn();
    const b = await signIn();
    const [ab, ba] = await Promise.all([
      activateCode(a.token, (await userRow(b.userId)).referralCode),
      activateCode(b.token, (await userRow(a.userId)).referralCode),
    ]);
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1);
    const rows = [await userRow(a.userId), await userRow(b.userId)];
    expect(rows.filter((r) => r.referredByUserId !== null)).toHaveLength(1);
  });

  it("refuses the caller's own code, an unknown code, and a code after the 24 h window, changing nothing", async () => {
    const { token, userId } = await signIn();
    expect((await activateCode(token, (await userRow(userId)).referralCode)).status).toBe(400);
    expect((await activateCode(token, "NOSUCHCODE")).status).toBe(404);
    const referrer = await signIn();
    await firstLoginHoursAgo(userId, 25);
    const late = await activateCode(token, (await userRow(referrer.userId)).referralCode);
    expect(late.status).toBe(403);
    expect(late.body.error.message).toContain("24");
    expect((await userRow(userId)).referredByUserId).toBeNull();
  });

  it("two concurrent activations with different codes leave exactly one referrer", async () => {
    const a = await signIn();
    const b = await signIn();
    const { token, userId } = await signIn();
    const codes = [(await userRow(a.userId)).referralCode, (await userRow(b.userId)).referralCode];
    const answers = await Promise.all([
      activateCode(token, codes[0]),
      activateCode(token, codes[1]),
      activateCode(token, codes[0]),
      activateCode(token, codes[1]),
    ]);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(3);
    expect([a.userId, b.userId]).toContain((await userRow(userId)).referredByUserId);
  });

  it("answers 400 for a malformed body", async () => {
    const { token } = await signIn();
    for (const bad of [undefined, 12345, "ab", "x".repeat(51)])
      expect((await activateCode(token, bad)).status).toBe(400);
  });

  it("sign-in with a ref_<code> start parameter applies the code at the first login only", async () => {
    const referrer = await signIn();
    const other = await signIn();
    const code = (await userRow(referrer.userId)).referralCode;
    const telegramId = 610_000_000 + Math.floor(Math.random() * 1_000_000);
    await signInWithStartParam(`ref_${code}`, { id: telegramId });
    const db = await getDb();
    const [row] = await db.select().from(users).where(eq(users.telegramId, telegramId));
    expect(row.referredByUserId).toBe(referrer.userId);
    // A later login with another code changes nothing.
    await signInWithStartParam(`ref_${(await userRow(other.userId)).referralCode}`, { id: telegramId });
    expect((await userRow(row.id)).referredByUserId).toBe(referrer.userId);
    // An existing user's later login with a code does not apply it either.
    const existing = 620_000_000 + Math.floor(Math.random() * 1_000_000);
    await signInWithStartParam("plain", { id: existing });
    await signInWithStartParam(`ref_${code}`, { id: existing });
    const [late] = await db.select().from(users).where(eq(users.telegramId, existing));
    expect(late.referredByUserId).toBeNull();
  });

  it("rewards reach the referrer who was applied: 40 % of the first payment, then 10 %, matching the ledger and the balance", async () => {
    const referrer = await signIn();
    const bystander = await signIn();
    const payerToken = await signInWithStartParam(`ref_${(await userRow(referrer.userId)).referralCode}`);
    await buyStarter(payerToken);
    expect((await call(balance, "GET", "/api/referral/balance", { token: referrer.token })).body.ref_balance).toBe(196);
    await buyStarter(payerToken);
    expect((await call(balance, "GET", "/api/referral/balance", { token: referrer.token })).body.ref_balance).toBe(245);
    const rewards = await (
      await getDb()
    )
      .select()
      .from(referralLedger)
      .where(eq(referralLedger.userId, referrer.userId));
    expect(rewards.map((r) => r.amountKopecks).sort((x, y) => x - y)).toEqual([4900, 19600]);
    expect((await userRow(referrer.userId)).refBalanceKopecks).toBe(24500);
    expect((await call(balance, "GET", "/api/referral/balance", { token: bystander.token })).body.ref_balance).toBe(0);
  });
});
