import { describe, expect, it } from "vitest";
import { POST as createCustom } from "@/app/api/tariff/create_custom/route";
import { GET as createData } from "@/app/api/tariff/create_data/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { GET as statistic } from "@/app/api/user/statistic/route";
import { customMonthlyPrice, type CustomValues } from "@/lib/shared/pricing/custom-tariff";
import { call, signIn } from "../../helpers/api";
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
    await call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, { params: { paymentId: id, action: "confirm" } });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body).toEqual({ user_tariff: "Custom", price });
    const stats = await call(statistic, "GET", "/api/user/statistic", { token });
    const limits = { text_tokens: 3_000_000, audio_tokens: v.audio, image_tokens: 2_555, file_tokens: v.files, video_tokens: v.video };
    expect(stats.body).toMatchObject({ remaining_quotas: limits, tariff_limits: limits });
  });

  it("rejects a tampered calculated_price", async () => {
    const { token } = await signIn();
    const body = customBody(minValues());
    const res = await call(createCustom, "POST", "/api/tariff/create_custom", { token, body: { ...body, calculated_price: body.calculated_price - 1 } });
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
    const res = await call(createCustom, "POST", "/api/tariff/create_custom", { token, body: customBody(minValues(), { selected_model_ids: [999_999] }) });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("selected_model_ids");
  });
});
