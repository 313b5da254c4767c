import { describe, expect, it } from "vitest";
import { GET } from "@/app/api/video/check-model-cost/[modelName]/route";
import { call, signIn } from "../../helpers/api";
import { videoUser } from "./helpers";

const check = (token: string, modelName: string) =>
  call(GET, "GET", `/api/video/check-model-cost/${modelName}`, { token, params: { modelName } });

describe("GET /api/video/check-model-cost/{modelName}", () => {
  it("prices one clip at the default duration: gen4_turbo 5 s = 25, veo 8 s = 40", async () => {
    const { token } = await videoUser({ balance: 30 });
    expect((await check(token, "gen4_turbo")).body).toEqual({
      can_afford: true,
      user_video_balance: 30,
      estimated_cost: 25,
    });
    expect((await check(token, "veo-3")).body).toEqual({
      can_afford: false,
      user_video_balance: 30,
      estimated_cost: 40,
    });
    expect((await check(token, "gen4_aleph")).body.estimated_cost).toBe(40);
  });

  it("answers can_afford false with the balance when the quota is short", async () => {
    const { token } = await videoUser({ balance: 10 });
    const res = await check(token, "gen4_turbo");
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ can_afford: false, user_video_balance: 10, estimated_cost: 25 });
  });

  it("answers 404 for an unknown model and for a model that is not a video model", async () => {
    const { token } = await videoUser();
    expect((await check(token, "no-such-model")).status).toBe(404);
    expect((await check(token, "gpt-4o-mini")).status).toBe(404);
  });

  it("answers 403 when the caller's tariff does not open the model", async () => {
    const { token } = await signIn();
    const res = await check(token, "veo-3");
    expect(res.status).toBe(403);
  });
});
