import { describe, expect, it } from "vitest";
import { GET as getStatistic } from "@/app/api/user/statistic/route";
import { catalogueTariffs } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

const free = catalogueTariffs.find((t) => t.name === "Free")!;

describe("GET /api/user/statistic", () => {
  it("answers remaining quotas and the Free limits for a new user", async () => {
    const { token } = await signIn();
    const res = await call(getStatistic, "GET", "/api/user/statistic", { token });
    expect(res.status).toBe(200);
    const limits = {
      text_tokens: free.tokenBalance,
      audio_tokens: free.minutesBalance,
      image_tokens: free.imageBalance,
      file_tokens: free.fileBalance,
      video_tokens: free.videoBalance,
    };
    const none = { text_tokens: 0, audio_tokens: 0, image_tokens: 0, file_tokens: 0, video_tokens: 0 };
    expect(res.body).toEqual({ remaining_quotas: limits, tariff_limits: limits, package_quotas: none });
  });
});
