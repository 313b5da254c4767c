import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  process.env.ADMIN_TELEGRAM_IDS = "777000001, 777000002";
});

import { POST as widgetSignIn } from "@/app/api/admin/auth/route";
import { POST as demoSignIn } from "@/app/api/admin/auth/demo/route";
import { GET as getAudit } from "@/app/api/admin/audit/route";
import { DELETE as deleteOperator } from "@/app/api/admin/operators/[telegram_id]/route";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { env } from "@/lib/env";
import { setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";
import { operatorToken, signedWidgetData } from "../../helpers/admin";

const signInWith = (body: unknown) => call(widgetSignIn, "POST", "/api/admin/auth", { body });
const audit = (token?: string) => call(getAudit, "GET", "/api/admin/audit", { token });

describe("POST /api/admin/auth", () => {
  it("answers an operator token for a Login Widget sign-in of an id in ADMIN_TELEGRAM_IDS, good on /api/admin", async () => {
    const res = await signInWith(
      signedWidgetData({
        id: 777000002,
        first_name: "Оля",
        username: "olya",
        photo_url: "https://t.me/i/userpic/1.jpg",
      }),
    );
    expect(res.status).toBe(200);
    expect((await audit(res.body.token)).status).toBe(200);
  });

  it("refuses a Telegram account that is not an operator with 403", async () => {
    const res = await signInWith(signedWidgetData({ id: 777000009 }));
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("forbidden");
  });

  it("refuses a wrong hash, a changed field and another bot's signature with 401", async () => {
    const good = signedWidgetData({ id: 777000001, username: "op" });
    expect((await signInWith({ ...good, hash: "0".repeat(64) })).status).toBe(401);
    expect((await signInWith({ ...good, username: "someone" })).status).toBe(401);
    expect((await signInWith({ ...good, id: 777000002 })).status).toBe(401);
    expect(
      (await signInWith(signedWidgetData({ id: 777000001 }, { token: "987654321:another-bot-token" }))).status,
    ).toBe(401);
  });

  it("refuses a stale auth_date (past ADMIN_LOGIN_MAX_AGE_SECONDS) and one from the future", async () => {
    const at = Date.now();
    const tooOld = new Date(at - (env.ADMIN_LOGIN_MAX_AGE_SECONDS + 5) * 1000);
    expect((await signInWith(signedWidgetData({ id: 777000001 }, { authDate: tooOld }))).status).toBe(401);
    const future = new Date(at + 10 * 60_000);
    expect((await signInWith(signedWidgetData({ id: 777000001 }, { authDate: future }))).status).toBe(401);
    // The window is read on the server's clock: a sign-in just inside it passes.
    const fresh = signedWidgetData({ id: 777000001 }, { authDate: new Date(at) });
    setClockForTests(() => at + (env.ADMIN_LOGIN_MAX_AGE_SECONDS - 5) * 1000);
    try {
      expect((await signInWith(fresh)).status).toBe(200);
    } finally {
      setClockForTests();
    }
  });

  it("answers 400 for missing or malformed fields", async () => {
    const good = signedWidgetData({ id: 777000001 });
    const { hash: _hash, ...withoutHash } = good;
    expect((await signInWith(withoutHash)).status).toBe(400);
    expect((await signInWith({ ...good, id: "777000001" })).status).toBe(400);
    expect((await signInWith({ ...good, hash: "xyz" })).status).toBe(400);
  });
});

describe("operator and mini-app tokens", () => {
  it("an operator token is refused on the mini-app's calls, a mini-app token on /api/admin", async () => {
    const operator = await operatorToken();
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token: operator })).status).toBe(401);
    const { token: miniApp } = await signIn();
    expect((await audit(miniApp)).status).toBe(401);
  });

  it("/api/admin answers 401 without a token and 403 once the id is no longer an operator", async () => {
    expect((await audit()).status).toBe(401);
    expect((await audit("not.a.token")).status).toBe(401);
    const token = (await signInWith(signedWidgetData({ id: 777000001 }))).body.token;
    expect((await audit(token)).status).toBe(200);
    const before = env.ADMIN_TELEGRAM_IDS;
    // Seeded as an owner at sign-in: taken out of ADMIN_TELEGRAM_IDS, then removed in the console.
    env.ADMIN_TELEGRAM_IDS = [777000002];
    const removed = await call(deleteOperator, "DELETE", "/api/admin/operators/777000001", {
      token: await operatorToken(),
      params: { telegram_id: "777000001" },
    });
    expect(removed.status).toBe(200);
    try {
      const res = await audit(token);
      expect(res.status).toBe(403);
      expect(res.body.error.code).toBe("forbidden");
    } finally {
      env.ADMIN_TELEGRAM_IDS = before;
    }
  });
});

describe("POST /api/admin/auth/demo", () => {
  it("signs in as the demo operator in demo mode and is not found outside it", async () => {
    const res = await call<{ token: string }>(demoSignIn, "POST", "/api/admin/auth/demo");
    expect(res.status).toBe(200);
    expect((await audit(res.body.token)).status).toBe(200);
    env.APP_MODE = "production";
    try {
      expect((await call(demoSignIn, "POST", "/api/admin/auth/demo")).status).toBe(404);
      // Outside demo mode the demo operator is no operator: its earlier token stops working.
      expect((await audit(res.body.token)).status).toBe(403);
    } finally {
      env.APP_MODE = "demo";
    }
  });
});
