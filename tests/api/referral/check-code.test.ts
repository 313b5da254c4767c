import { describe, expect, it } from "vitest";
import { GET as checkCode } from "@/app/api/referral/check-code/[code]/route";
import { POST as activate } from "@/app/api/referral/activate-code/route";
import { call, signIn } from "../../helpers/api";
import { firstLoginHoursAgo, userRow } from "./helpers";

const check = (token: string, code: string) =>
  call(checkCode, "GET", `/api/referral/check-code/${encodeURIComponent(code)}`, { token, params: { code } });

describe("GET /api/referral/check-code/{code}", () => {
  it("says valid for someone else's code, in the caller's language, case and spaces aside", async () => {
    const referrer = await signIn();
    const { token } = await signIn({ language_code: "en" });
    const code = (await userRow(referrer.userId)).referralCode;
    const res = await check(token, `  ${code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ can_use: true, message: "The code is valid and can be activated" });
  });

  it("says why not: unknown code, own code, window over, already applied", async () => {
    const referrer = await signIn();
    const code = (await userRow(referrer.userId)).referralCode;
    const { token, userId } = await signIn();
    const unknown = await check(token, "NOSUCHCODE");
    expect(unknown.body).toEqual({ can_use: false, message: "Такого кода не существует" });
    const own = await check(token, (await userRow(userId)).referralCode);
    expect(own.body).toEqual({ can_use: false, message: "Нельзя использовать собственный код" });
    await call(activate, "POST", "/api/referral/activate-code", { token, body: { referral_code: code } });
    expect((await check(token, code)).body).toEqual({ can_use: false, message: "Вы уже активировали реферальный код" });
    const late = await signIn();
    await firstLoginHoursAgo(late.userId, 30);
    expect((await check(late.token, code)).body.can_use).toBe(false);
    expect((await check(late.token, code)).body.message).toContain("24");
  });

  it("answers 400 for codes shorter than 3 or longer than 50 characters after trimming", async () => {
    const { token } = await signIn();
    for (const code of ["ab", "  ab  ", "x".repeat(51)]) expect((await check(token, code)).status).toBe(400);
  });
});
