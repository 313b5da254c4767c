import { describe, expect, it } from "vitest";
import { GET as referralBalance } from "@/app/api/referral/balance/route";
import { call, signIn } from "../../helpers/api";

describe("GET /api/referral/balance", () => {
  it("answers 0 roubles for a new user", async () => {
    const { token } = await signIn();
    const res = await call(referralBalance, "GET", "/api/referral/balance", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ref_balance: 0, currency: "RUB" });
  });
});
