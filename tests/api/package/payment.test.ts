import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as createPackage } from "@/app/api/package/payment/route";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as statistic } from "@/app/api/user/statistic/route";
import { POST as paymentsList } from "@/app/api/settings/payments/route";
import { getDb } from "@/db";
import { packages, quotas } from "@/db/schema";
import { catalogueTariffs } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";
import { paymentIdFromUrl, referralKopecks, setReferralBalance } from "../../helpers/payments";

const free = catalogueTariffs.find((t) => t.name === "Free")!;
const starter = catalogueTariffs.find((t) => t.name === "Starter")!;

async function packageId(seedKey: string) {
  const db = await getDb();
  const [row] = await db.select().from(packages).where(eq(packages.seedKey, seedKey));
  return row.id;
}
const confirm = (url: string) => {
  const id = paymentIdFromUrl(url);
  return call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, {
    params: { paymentId: id, action: "confirm" },
  });
};
const buy = async (token: string, seedKey: string, extra: Record<string, unknown> = {}) =>
  call(createPackage, "POST", "/api/package/payment", {
    token,
    body: { package_id: await packageId(seedKey), ...extra },
  });

describe("POST /api/package/payment", () => {
  it("adds the package's units to its quota once paid, and lists it with package_info", async () => {
    const { token } = await signIn();
    const res = await buy(token, "text-500k", { email: "x@y.ru" });
    expect(res.status).toBe(200);
    await confirm(res.body.payment_url);
    await confirm(res.body.payment_url);
    const stats = await call(statistic, "GET", "/api/user/statistic", { token });
    expect(stats.body.remaining_quotas.text_tokens).toBe(free.tokenBalance + 500_000);
    expect(stats.body.tariff_limits.text_tokens).toBe(free.tokenBalance);
    const list = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(list.body[0]).toMatchObject({
      amount: 149,
      status: "completed",
      subscription_info: null,
      package_info: { name: "500 тыс. текстовых токенов" },
    });
  });

  it("reset restores the remaining quotas to the current tariff's limits", async () => {
    const { token, userId } = await signIn();
    const t = await call(createTariff, "POST", "/api/tariff/create", {
      token,
      body: {
        tariff_name: "Starter",
        months: 1,
        calculated_price: starter.amountRub,
        recurent: false,
        ref_amount_used: 0,
      },
    });
    await confirm(t.body.payment_url);
    const db = await getDb();
    await db.update(quotas).set({ textTokens: 5, imageTokens: 0, videoTokens: 1000 }).where(eq(quotas.userId, userId));
    const res = await buy(token, "reset");
    await confirm(res.body.payment_url);
    const stats = await call(statistic, "GET", "/api/user/statistic", { token });
    expect(stats.body.remaining_quotas).toEqual({
      text_tokens: starter.tokenBalance,
      image_tokens: starter.imageBalance,
      audio_tokens: starter.minutesBalance,
      file_tokens: starter.fileBalance,
      // Units above the limit (bought earlier) are kept.
      video_tokens: 1000,
    });
  });

  it("applies the referral discount within its caps", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 300);
    // 249 - 20 = 229 is the most a 249 ₽ package can take.
    expect((await buy(token, "image-50", { ref_amount_used: 230 })).status).toBe(400);
    const res = await buy(token, "image-50", { ref_amount_used: 229 });
    expect(res.status).toBe(200);
    expect(await referralKopecks(userId)).toBe(7_100);
    const list = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(list.body[0]).toMatchObject({ amount: 20, status: "waiting_confirmation" });
  });

  it("answers 404 for an unknown package and 400 for a malformed id", async () => {
    const { token } = await signIn();
    expect(
      (await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: 999_999 } })).status,
    ).toBe(404);
    expect(
      (await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: "one" } })).status,
    ).toBe(400);
  });

  it("refuses a package while a tariff payment is pending (409)", async () => {
    const { token } = await signIn();
    expect((await buy(token, "files-100")).status).toBe(200);
    expect((await buy(token, "files-100")).status).toBe(409);
  });
});
