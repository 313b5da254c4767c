import { describe, expect, it } from "vitest";
import { GET as linkAvailable, POST as createLink } from "@/app/api/user/console-link/route";
import { POST as redeem } from "@/app/api/admin/auth/redeem/route";
import { GET as getAudit } from "@/app/api/admin/audit/route";
import { setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID } from "../../helpers/admin";

const codeOf = (url: string) => new URL(url).searchParams.get("code")!;
const redeemCode = (code: string) => call(redeem, "POST", "/api/admin/auth/redeem", { body: { code } });

describe("the personal account's console link", () => {
  it("is offered to an operator only; a non-operator's POST is 403", async () => {
    const operator = await signIn({ id: DEMO_OPERATOR_TELEGRAM_ID });
    expect((await call(linkAvailable, "GET", "/api/user/console-link", { token: operator.token })).body).toEqual({
      available: true,
    });
    const someone = await signIn();
    expect((await call(linkAvailable, "GET", "/api/user/console-link", { token: someone.token })).body).toEqual({
      available: false,
    });
    expect((await call(createLink, "POST", "/api/user/console-link", { token: someone.token })).status).toBe(403);
  });

  it("signs the operator in once: a second redemption, an expired code or a made-up one is 401", async () => {
    const operator = await signIn({ id: DEMO_OPERATOR_TELEGRAM_ID });
    const link = await call(createLink, "POST", "/api/user/console-link", { token: operator.token });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/\/admin\?code=[\w-]{43}$/);
    const code = codeOf(link.body.url);
    const [first, second] = await Promise.all([redeemCode(code), redeemCode(code)]);
    expect([first.status, second.status].sort()).toEqual([200, 401]);
    const token = (first.status === 200 ? first : second).body.token;
    expect((await call(getAudit, "GET", "/api/admin/audit", { token })).status).toBe(200);

    const stale = codeOf(
      (await call(createLink, "POST", "/api/user/console-link", { token: operator.token })).body.url,
    );
    const at = Date.now();
    setClockForTests(() => at + 61_000);
    try {
      expect((await redeemCode(stale)).status).toBe(401);
    } finally {
      setClockForTests();
    }
    expect((await redeemCode("x".repeat(43))).status).toBe(401);
    expect((await redeemCode("short")).status).toBe(400);
  });
});
