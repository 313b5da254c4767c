import { describe, expect, it } from "vitest";
import { GET as getStatistic } from "@/app/api/user/statistic/route";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { POST as setLanguage } from "@/app/api/settings/language/route";
import { GET as health } from "@/app/api/health/route";
import { GET as demoInitData } from "@/app/api/demo/init-data/route";
import { POST as login } from "@/app/api/auth/telegram-login/route";
import { catalogueTariffs } from "@/db/catalogue";
import { call, signIn } from "../../helpers/api";

const free = catalogueTariffs.find((t) => t.name === "Free")!;

describe("GET /api/user/user-tariff", () => {
  it("answers user_tariff null (Free) and price 0 for a new user", async () => {
    const { token } = await signIn();
    const res = await call(getUserTariff, "GET", "/api/user/user-tariff", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_tariff: null, price: 0 });
  });
});

describe("GET /api/user/statistic", () => {
  it("answers remaining quotas and the Free limits for a new user", async () => {
    const { token } = await signIn();
    const res = await call(getStatistic, "GET", "/api/user/statistic", { token });
    expect(res.status).toBe(200);
    const limits = {
      text_tokens: free.tokenBalance,
      audio_tokens: free.minutesBalance,
      image_tokens: free.imageBalance,
      file_tokens: free.fileBalance,
      video_tokens: free.videoBalance,
    };
    expect(res.body).toEqual({ remaining_quotas: limits, tariff_limits: limits });
  });
});

describe("POST /api/settings/language", () => {
  it("stores the language and returns it on the next login", async () => {
    const { token } = await signIn({ id: 77_000_001 });
    const res = await call(setLanguage, "POST", "/api/settings/language", { token, body: { language_code: "en" } });
    expect(res.status).toBe(200);
    const { signedInitData } = await import("../../helpers/api");
    const again = await call(login, "POST", "/api/auth/telegram-login", { body: { initData: signedInitData({ id: 77_000_001 }) } });
    expect(again.body.language).toBe("en");
  });

  it("rejects an unknown language with 400", async () => {
    const { token } = await signIn();
    const res = await call(setLanguage, "POST", "/api/settings/language", { token, body: { language_code: "de" } });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("language_code");
  });
});

describe("GET /api/health", () => {
  it("reports the database reachable", async () => {
    const res = await call(health, "GET", "/api/health");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", database: "ok", tariffs: 4 });
  });
});

describe("GET /api/demo/init-data", () => {
  it("answers init data that signs in (demo mode)", async () => {
    const res = await call(demoInitData, "GET", "/api/demo/init-data");
    expect(res.status).toBe(200);
    const signedIn = await call(login, "POST", "/api/auth/telegram-login", { body: { initData: res.body.initData } });
    expect(signedIn.status).toBe(200);
  });
});
