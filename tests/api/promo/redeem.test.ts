import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listCodes, POST as createCode } from "@/app/api/admin/promo-codes/route";
import { POST as redeem } from "@/app/api/promo/redeem/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { adminAudit, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";
import { getStatistic, getUsage } from "../../helpers/billing";
import { referralKopecks } from "../../helpers/payments";

const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const create = async (body: Record<string, unknown>, token?: string) =>
  call(createCode, "POST", "/api/admin/promo-codes", {
    token: token ?? (await operatorToken()),
    body: { max_redemptions: 10, valid_until: inAWeek(), ...body },
  });
const redeemAs = (token: string, code: string) => call(redeem, "POST", "/api/promo/redeem", { token, body: { code } });

describe("promo codes", () => {
  it("units: redeemed once per user even when sent eight times at once, to package units with a promo ledger row and an audit row; listed with the redemption", async () => {
    const created = await create({ code: "Spring50", grant: "units", quota_key: "image_tokens", amount: 60 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: "Spring50", grant: "units", amount: 60, redemptions: 0 });
    const { token, userId } = await signIn();
    const answers = await Promise.all(Array.from({ length: 8 }, () => redeemAs(token, "spring50")));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(answers.filter((a) => a.body.success)).toHaveLength(1);
    expect(answers.find((a) => !a.body.success)!.body.message).toBe("Вы уже использовали этот промокод.");
    expect((await getStatistic(token)).package_quotas.image_tokens).toBe(60);
    expect((await getUsage(token)).data[0]).toMatchObject({ reason: "promo", kind: "image_tokens", units: 60 });
    const list = await call(listCodes, "GET", "/api/admin/promo-codes", { token: await operatorToken() });
    const row = list.body.items.find((c: { code: string }) => c.code === "Spring50");
    expect(row.redemptions).toBe(1);
    expect(row.redeemed_by.map((r: { user_id: number }) => r.user_id)).toEqual([userId]);
    const audit = await (await getDb()).select().from(adminAudit).where(eq(adminAudit.target, "promo:Spring50"));
    expect(audit.map((a) => a.action).sort()).toEqual(["promo.create", "promo.redeem"]);
  });

  it("days of a tariff start it on Free; roubles go to the referral balance; a code is refused when used up, expired or unknown", async () => {
    await create({ code: "DAYS7", grant: "days", tariff_name: "Starter", amount: 7 });
    await create({ code: "RUB150", grant: "roubles", amount: 150.5, max_redemptions: 1 });
    const a = await signIn();
    await (await getDb()).update(users).set({ language: "en" }).where(eq(users.id, a.userId));
    expect((await redeemAs(a.token, "DAYS7")).body).toEqual({
      success: true,
      message: "Promo code applied: +7 days of the tariff.",
    });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token: a.token })).body.user_tariff).toBe(
      "Starter",
    );
    expect((await redeemAs(a.token, "RUB150")).body.success).toBe(true);
    expect(await referralKopecks(a.userId)).toBe(15_050);
    const b = await signIn();
    expect((await redeemAs(b.token, "RUB150")).body).toEqual({ success: false, message: "Промокод уже израсходован." });
    expect((await redeemAs(b.token, "NOPE")).body.success).toBe(false);
    await create({
      code: "OLD1",
      grant: "units",
      quota_key: "text_tokens",
      amount: 5,
      valid_until: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await redeemAs(b.token, "OLD1")).body).toEqual({
      success: false,
      message: "Срок действия промокода истёк.",
    });
    expect((await getStatistic(b.token)).package_quotas.text_tokens).toBe(0);
  });

  it("the console refuses a bad code (400), a duplicate (409), and is for operators only", async () => {
    const token = await operatorToken();
    for (const body of [
      { code: "a b", grant: "units", quota_key: "text_tokens", amount: 5 },
      { code: "UNITS1", grant: "units", amount: 5 },
      { code: "DAYS1", grant: "days", amount: 5 },
      { code: "DAYS2", grant: "days", tariff_name: "Free", amount: 5 },
      { code: "UNITS2", grant: "units", quota_key: "text_tokens", amount: 1.5 },
    ])
      expect((await create(body, token)).status).toBe(400);
    expect((await create({ code: "TWICE", grant: "roubles", amount: 10 }, token)).status).toBe(200);
    expect((await create({ code: "twice", grant: "roubles", amount: 10 }, token)).status).toBe(409);
    await expectOperatorOnly((t) =>
      call(createCode, "POST", "/api/admin/promo-codes", {
        token: t,
        body: { code: "X123", grant: "roubles", amount: 1, max_redemptions: 1, valid_until: inAWeek() },
      }),
    );
    await expectOperatorOnly((t) => call(listCodes, "GET", "/api/admin/promo-codes", { token: t }));
  });
});
