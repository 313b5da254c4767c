import { describe, expect, it } from "vitest";
import { POST as paymentsList } from "@/app/api/settings/payments/route";
import { call, signIn } from "../../helpers/api";

describe("POST /api/settings/payments", () => {
  it("answers an empty list for a new user", async () => {
    const { token } = await signIn();
    const res = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});
