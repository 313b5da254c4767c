import { describe, expect, it } from "vitest";
import { GET as standard } from "@/app/api/tariff/standard/route";
import { GET as createData } from "@/app/api/tariff/create_data/route";
import { GET as packagesList } from "@/app/api/package/route";
import { GET as recurrentStatus } from "@/app/api/settings/recurrent-status/route";
import { GET as referralBalance } from "@/app/api/referral/balance/route";
import { POST as paymentsList } from "@/app/api/settings/payments/route";
import { catalogueRates, catalogueTariffs, cataloguePackages } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

describe("GET /api/tariff/standard", () => {
  it("answers every tariff keyed by name with its balances and models", async () => {
    const { token } = await signIn();
    const res = await call(standard, "GET", "/api/tariff/standard", { token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(["Free", "Starter", "Neuro Basic", "Custom"]);
    const starter = catalogueTariffs.find((t) => t.name === "Starter")!;
    expect(res.body.Starter).toMatchObject({
      description: starter.description,
      amount: starter.amountRub,
      token_balance: starter.tokenBalance,
      image_balance: starter.imageBalance,
      minutes_balance: starter.minutesBalance,
      file_balance: starter.fileBalance,
      video_balance: starter.videoBalance,
    });
    expect(typeof res.body.Starter.id).toBe("number");
    expect(res.body.Starter.models).toHaveLength(starter.models.length);
    expect(Object.keys(res.body.Starter.models[0]).sort()).toEqual(["id", "image", "name", "provider", "type"]);
  });

  it("answers 401 without a token", async () => {
    const res = await call(standard, "GET", "/api/tariff/standard");
    expect(res.status).toBe(401);
  });
});

describe("GET /api/tariff/create_data", () => {
  it("answers the rates and bounds of 2 x Neuro Basic .. Custom per kind", async () => {
    const { token } = await signIn();
    const res = await call(createData, "GET", "/api/tariff/create_data", { token });
    expect(res.status).toBe(200);
    expect(res.body.rates).toEqual({
      token_to_usd_rate: catalogueRates.tokenToUsdRate,
      audio_token_to_usd_rate: catalogueRates.audioTokenToUsdRate,
      image_token_to_usd_rate: catalogueRates.imageTokenToUsdRate,
      video_token_to_usd_rate: catalogueRates.videoTokenToUsdRate,
      file_token_to_usd_rate: catalogueRates.fileTokenToUsdRate,
      usd_rate: catalogueRates.usdRate,
    });
    const nb = catalogueTariffs.find((t) => t.name === "Neuro Basic")!;
    const custom = catalogueTariffs.find((t) => t.name === "Custom")!;
    expect(res.body.limits).toEqual({
      text: { min: 2 * nb.tokenBalance, max: custom.tokenBalance },
      audio: { min: 2 * nb.minutesBalance, max: custom.minutesBalance },
      image: { min: 2 * nb.imageBalance, max: custom.imageBalance },
      video: { min: 2 * nb.videoBalance, max: custom.videoBalance },
      files: { min: 2 * nb.fileBalance, max: custom.fileBalance },
    });
    expect(res.body.models.length).toBe(custom.models.length);
  });
});

describe("GET /api/package/", () => {
  it("answers the packages with prices in roubles", async () => {
    const { token } = await signIn();
    const res = await call(packagesList, "GET", "/api/package/", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(cataloguePackages.length);
    expect(res.body[0]).toEqual({
      package_id: expect.any(Number),
      name: cataloguePackages[0].name,
      image: cataloguePackages[0].image,
      price: cataloguePackages[0].priceRub,
      small_description_language_id: cataloguePackages[0].smallDescriptionLanguageId,
      description_language_id: cataloguePackages[0].descriptionLanguageId,
      description_models_id: cataloguePackages[0].descriptionModelsId,
      package_purpose: "reset",
    });
  });
});

describe("GET /api/settings/recurrent-status", () => {
  it("answers is_recurrent false without a subscription", async () => {
    const { token } = await signIn();
    const res = await call(recurrentStatus, "GET", "/api/settings/recurrent-status", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_recurrent: false });
  });
});

describe("GET /api/referral/balance", () => {
  it("answers 0 roubles for a new user", async () => {
    const { token } = await signIn();
    const res = await call(referralBalance, "GET", "/api/referral/balance", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ref_balance: 0, currency: "RUB" });
  });
});

describe("POST /api/settings/payments", () => {
  it("answers an empty list for a new user", async () => {
    const { token } = await signIn();
    const res = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
