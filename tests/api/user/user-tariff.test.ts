import { describe, expect, it } from "vitest";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { call, signIn } from "../../helpers/api";

describe("GET /api/user/user-tariff", () => {
  it("answers user_tariff null (Free) and price 0 for a new user", async () => {
    const { token } = await signIn();
    const res = await call(getUserTariff, "GET", "/api/user/user-tariff", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_tariff: null, price: 0 });
  });
});
