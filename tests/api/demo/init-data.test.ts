import { describe, expect, it } from "vitest";
import { GET as demoInitData } from "@/app/api/demo/init-data/route";
import { POST as login } from "@/app/api/auth/telegram-login/route";
import { call } from "../../helpers/api";

describe("GET /api/demo/init-data", () => {
  it("answers init data that signs in (demo mode)", async () => {
    const res = await call(demoInitData, "GET", "/api/demo/init-data");
    expect(res.status).toBe(200);
    const signedIn = await call(login, "POST", "/api/auth/telegram-login", { body: { initData: res.body.initData } });
    expect(signedIn.status).toBe(200);
  });
});
