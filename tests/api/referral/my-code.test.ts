import { describe, expect, it } from "vitest";
import { GET as myCode } from "@/app/api/referral/my-code/route";
import { call, signIn } from "../../helpers/api";
import { userRow } from "./helpers";

describe("GET /api/referral/my-code", () => {
  it("answers the caller's own code, the same every time, and the startapp link that carries it", async () => {
    const { token, userId } = await signIn();
    const first = await call(myCode, "GET", "/api/referral/my-code", { token });
    expect(first.status).toBe(200);
    expect(first.body.referral_code).toBe((await userRow(userId)).referralCode);
    expect(first.body.referral_code).toMatch(/^[A-Za-z0-9_-]{6,}$/);
    expect(first.body.telegram_link).toBe(
      `https://t.me/${process.env.BOT_USERNAME ?? "ai_assistant_demo_bot"}?startapp=ref_${first.body.referral_code}`,
    );
    expect((await call(myCode, "GET", "/api/referral/my-code", { token })).body).toEqual(first.body);
  });

  it("answers 401 without a token", async () => {
    expect((await call(myCode, "GET", "/api/referral/my-code")).status).toBe(401);
  });
});
