import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { POST as createCustom } from "@/app/api/tariff/create_custom/route";
import { GET as createData } from "@/app/api/tariff/create_data/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { GET as statistic } from "@/app/api/user/statistic/route";
import { customMonthlyPrice, type CustomValues } from "@/lib/shared/pricing/custom-tariff";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { spendQuota } from "@/lib/server/quotas/spend";
import { call, signIn } from "../../helpers/api";
import { confirmSandbox, getStatistic, setDay } from "../../helpers/billing";
import { paymentIdFromUrl } from "../../helpers/payments";
import { customTariff as custom, neuroBasic as nb, seededRates as rates } from "../../helpers/tariffs";

const minValues = (): CustomValues => ({
  text: 2 * nb.tokenBalance,
  audio: 2 * nb.minutesBalance,
  image: 2 * nb.imageBalance,
  video: 2 * nb.videoBalance,
  files: 2 * nb.fileBalance,
});
const customBody = (v: CustomValues, extra: Record<string, unknown> = {}) => ({
  custom_text_tokens: v.text,
  custom_audio_tokens: v.audio,
  custom_image_tokens: v.image,
  custom_video_tokens: v.video,
  custom_file_tokens: v.files,
  selected_model_ids: [],
  calculated_price: customMonthlyPrice(v, rates),
  months: 1,
  recurent: false,
  ref_amount_used: 0,
  ...extra,
});

afterEach(() => setClockForTests());

describe("POST /api/tariff/create_custom", () => {
  it("prices the composed limits with the database rates and, once paid, sets them as the subscription's limits", async () => {
    const { token } = await signIn();
    const v = { ...minValues(), text: 3_000_000, image: 2_555 };
    const data = await call(createData, "GET", "/api/tariff/create_data", { token });
    const price = customMonthlyPrice(v, data.body.rates);
    const modelIds = data.body.models.slice(0, 3).map((m: { id: number }) => m.id);
    const res = await call(createCustom, "POST", "/api/tariff/create_custom", {
      token,
      body: customBody(v, { months: 3, calculated_price: price * 3, selected_model_ids: modelIds }),
    });
    expect(res.status).toBe(200);
    const id = paymentIdFromUrl(res.body.payment_url);
    await call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, {
      params: { paymentId: id, action: "confirm" },
    });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body).toMatchObject({
      user_tariff: "Custom",
      price,
    });
    const stats = await call(statistic, "GET", "/api/user/statistic", { token });
    const limits = {
      text_tokens: 3_000_000,
      audio_tokens: v.audio,
      image_tokens: 2_555,
      file_tokens: v.files,
      video_tokens: v.video,
    };
    expect(stats.body).toMatchObject({ remaining_quotas: limits, tariff_limits: limits });
  });

  it("rebuilds an active Custom tariff: the months are added after its end, the new limits apply from the next 30-day period", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    const first = { ...minValues(), text: 3_000_000 };
    await confirmSandbox(
      (await call(createCustom, "POST", "/api/tariff/create_custom", { token, body: customBody(first) })).body
        .payment_url,
    );
    await spendQuota({ db: await getDb(), userId, kind: "text_tokens", amount: 1000 });

    setDay(start, 10);
    const rebuilt = { ...first, text: 4_000_000, image: first.image + 5 };
    const price = customMonthlyPrice(rebuilt, rates);
    const paid = await call(createCustom, "POST", "/api/tariff/create_custom", { token, body: customBody(rebuilt) });
    expect(paid.status).toBe(200);
    await confirmSandbox(paid.body.payment_url);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body).toMatchObject({
      user_tariff: "Custom",
      price,
    });
    // The current period keeps what was bought for it: its allowance and its limit (what Limits and
    // the balance alerts measure against).
    const now = await getStatistic(token);
    expect(now.remaining_quotas).toMatchObject({ text_tokens: 3_000_000 - 1000, image_tokens: first.image });
    expect(now.tariff_limits).toMatchObject({ text_tokens: 3_000_000, image_tokens: first.image });
    const db = await getDb();
    await db.update(users).set({ allowsWriteToPm: true }).where(eq(users.id, userId));
    await spendQuota({ db, userId, kind: "text_tokens", amount: 17 });
    expect(await db.select().from(botOutbox).where(eq(botOutbox.userId, userId))).toEqual([]);

    // The next 30-day period grants the rebuilt limits, and the subscription runs 60 days in all.
    setDay(start, 30.01);
    const next = await getStatistic(token);
    expect(next.remaining_quotas).toMatchObject({ text_tokens: 4_000_000, image_tokens: rebuilt.image });
    expect(next.tariff_limits).toMatchObject({ text_tokens: 4_000_000, image_tokens: rebuilt.image });
    // The alerts follow the new step's limit: 2 100 000 of 4 000 000 left is above 50 %.
    await spendQuota({ db, userId, kind: "text_tokens", amount: 1_900_000 });
    expect(await db.select().from(botOutbox).where(eq(botOutbox.userId, userId))).toEqual([]);
    setDay(start, 59.9);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Custom");
    setDay(start, 60.01);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
  });

  it("rejects a tampered calculated_price", async () => {
    const { token } = await signIn();
    const body = customBody(minValues());
    const res = await call(createCustom, "POST", "/api/tariff/create_custom", {
      token,
      body: { ...body, calculated_price: body.calculated_price - 1 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("calculated_price");
  });

  it("rejects values below the minimum, above the maximum or off the step", async () => {
    const { token } = await signIn();
    const cases: Array<[keyof CustomValues, number, string]> = [
      ["text", 2 * nb.tokenBalance - 1000, "custom_text_tokens"],
      ["text", custom.tokenBalance + 1000, "custom_text_tokens"],
      ["text", 2 * nb.tokenBalance + 500, "custom_text_tokens"],
      ["audio", 2 * nb.minutesBalance + 5, "custom_audio_tokens"],
      ["files", custom.fileBalance + 10, "custom_file_tokens"],
      ["video", 2 * nb.videoBalance - 1, "custom_video_tokens"],
    ];
    for (const [kind, value, field] of cases) {
      const v = { ...minValues(), [kind]: value };
      const res = await call(createCustom, "POST", "/api/tariff/create_custom", { token, body: customBody(v) });
      expect(res.status, `${kind}=${value}`).toBe(400);
      expect(res.body.error.fields).toHaveProperty(field);
    }
  });

  it("rejects models outside the Custom tariff", async () => {
    const { token } = await signIn();
    const res = await call(createCustom, "POST", "/api/tariff/create_custom", {
      token,
      body: customBody(minValues(), { selected_model_ids: [999_999] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("selected_model_ids");
  });
});
