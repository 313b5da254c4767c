import { describe, expect, it } from "vitest";
import { GET as createData } from "@/app/api/tariff/create_data/route";
import { catalogueRates, catalogueTariffs } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

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
