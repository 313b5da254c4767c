import { describe, expect, it } from "vitest";
import { GET as standard } from "@/app/api/tariff/standard/route";
import { catalogueTariffs } from "@/db/catalogue";
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
