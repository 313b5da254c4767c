import { describe, expect, it } from "vitest";
import { GET as recurrentStatus } from "@/app/api/settings/recurrent-status/route";
import { call, signIn } from "../../helpers/api";

describe("GET /api/settings/recurrent-status", () => {
  it("answers is_recurrent false, no saved method and no renewal date without a subscription", async () => {
    const { token } = await signIn();
    const res = await call(recurrentStatus, "GET", "/api/settings/recurrent-status", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ is_recurrent: false, has_saved_method: false, renews_at: null });
  });
});
