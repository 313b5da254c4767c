import { describe, expect, it } from "vitest";
import { GET as createData } from "@/app/api/tariff/create_data/route";
import { call, signIn } from "../../helpers/api";
import { customTariff as custom, neuroBasic as nb, seededRates } from "../../helpers/tariffs";

describe("GET /api/tariff/create_data", () => {
  it("answers the rates and bounds of 2 x Neuro Basic .. Custom per kind", async () => {
    const { token } = await signIn();
    const res = await call(createData, "GET", "/api/tariff/create_data", { token });
    expect(res.status).toBe(200);
    expect(res.body.rates).toEqual(seededRates);
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
