import { describe, expect, it } from "vitest";
import { GET as canApply } from "@/app/api/referral/can-apply/route";
import { POST as activate } from "@/app/api/referral/activate-code/route";
import { call, signIn } from "../../helpers/api";
import { firstLoginHoursAgo, userRow } from "./helpers";

const canApplyOf = async (token: string) =>
  (await call(canApply, "GET", "/api/referral/can-apply", { token })).body.can_apply;

describe("GET /api/referral/can-apply", () => {
  it("is true within 24 h of the first login and false after", async () => {
    const { token, userId } = await signIn();
    expect(await canApplyOf(token)).toBe(true);
    await firstLoginHoursAgo(userId, 23);
    expect(await canApplyOf(token)).toBe(true);
    await firstLoginHoursAgo(userId, 25);
    expect(await canApplyOf(token)).toBe(false);
  });

  it("is false once a code was applied", async () => {
    const referrer = await signIn();
    const { token } = await signIn();
    const code = (await userRow(referrer.userId)).referralCode;
    expect(
      (await call(activate, "POST", "/api/referral/activate-code", { token, body: { referral_code: code } })).status,
    ).toBe(200);
    expect(await canApplyOf(token)).toBe(false);
  });
});
