import { describe, expect, it } from "vitest";
import { POST as setLanguage } from "@/app/api/settings/language/route";
import { POST as login } from "@/app/api/auth/telegram-login/route";
import { call, signIn } from "../../helpers/api";

describe("POST /api/settings/language", () => {
  it("stores the language and returns it on the next login", async () => {
    const { token } = await signIn({ id: 77_000_001 });
    const res = await call(setLanguage, "POST", "/api/settings/language", { token, body: { language_code: "en" } });
    expect(res.status).toBe(200);
    const { signedInitData } = await import("../../helpers/api");
    const again = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData({ id: 77_000_001 }) },
    });
    expect(again.body.language).toBe("en");
  });

  it("rejects an unknown language with 400", async () => {
    const { token } = await signIn();
    const res = await call(setLanguage, "POST", "/api/settings/language", { token, body: { language_code: "de" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("language_code");
  });
});
