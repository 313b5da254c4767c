import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST } from "@/app/api/auth/telegram-login/route";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { quotas, users } from "@/db/schema";
import { call, signedInitData } from "../../helpers/api";

const login = (initData: unknown) => call(POST, "POST", "/api/auth/telegram-login", { body: { initData } });
const userCount = async () => (await (await getDb()).select({ n: count() }).from(users))[0].n;

describe("POST /api/auth/telegram-login", () => {
  it("signs in with valid init data, creates the user with Free quotas and answers jwtToken and language", async () => {
    const initData = signedInitData({
      id: 42_000_001,
      first_name: "Анна",
      username: "anna",
      language_code: "en",
      is_premium: true,
    });
    const res = await login(initData);
    expect(res.status).toBe(200);
    expect(res.body.jwtToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(res.body.language).toBe("en");

    const db = await getDb();
    const [user] = await db.select().from(users).where(eq(users.telegramId, 42_000_001));
    expect(user).toMatchObject({ firstName: "Анна", username: "anna", isPremium: true, language: "en" });
    expect(user.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const [quota] = await db.select().from(quotas).where(eq(quotas.userId, user.id));
    expect(quota.textTokens).toBeGreaterThan(0);

    const me = await call(getUserTariff, "GET", "/api/user/user-tariff", { token: res.body.jwtToken });
    expect(me.status).toBe(200);
  });

  it("updates launch data on a later login but keeps the first login time", async () => {
    const id = 42_000_002;
    await login(signedInitData({ id, first_name: "Old" }));
    const db = await getDb();
    const [before] = await db.select().from(users).where(eq(users.telegramId, id));
    await login(signedInitData({ id, first_name: "New" }));
    const [after] = await db.select().from(users).where(eq(users.telegramId, id));
    expect(after.firstName).toBe("New");
    expect(after.id).toBe(before.id);
    expect(after.firstLoginAt.getTime()).toBe(before.firstLoginAt.getTime());
  });

  it("rejects tampered init data with 401 and creates no user", async () => {
    const before = await userCount();
    const tampered = signedInitData({ id: 42_000_003 }).replace("Test", "Evil");
    const res = await login(tampered);
    expect(res.status).toBe(401);
    expect(res.body.error.code).toBe("unauthorized");
    expect(await userCount()).toBe(before);
  });

  it("rejects init data signed with another bot token", async () => {
    const before = await userCount();
    const res = await login(signedInitData({}, { token: "999999:another-bot-token-value" }));
    expect(res.status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it("rejects expired init data (older than 24 h)", async () => {
    const before = await userCount();
    const res = await login(signedInitData({}, { authDate: new Date(Date.now() - 25 * 3600_000) }));
    expect(res.status).toBe(401);
    expect(await userCount()).toBe(before);
  });

  it("rejects unsigned init data", async () => {
    const unsigned = new URLSearchParams({
      user: JSON.stringify({ id: 42_000_004, first_name: "X" }),
      auth_date: String(Math.floor(Date.now() / 1000)),
    });
    const res = await login(unsigned.toString());
    expect(res.status).toBe(401);
  });

  it("answers 400 with the offending field for a missing initData", async () => {
    const res = await call(POST, "POST", "/api/auth/telegram-login", { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toHaveProperty("initData");
  });

  it("answers 400 for a body that is not JSON", async () => {
    const res = await call(POST, "POST", "/api/auth/telegram-login", {
      rawBody: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("bad_request");
  });
});

describe("bearer token on protected routes", () => {
  it("answers 401 without a token, with a malformed one and with one signed by another secret", async () => {
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff")).status).toBe(401);
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token: "not-a-jwt" })).status).toBe(401);
    const { SignJWT } = await import("jose");
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("x".repeat(40)));
    const res = await call(getUserTariff, "GET", "/api/user/user-tariff", { token: forged });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: { code: "unauthorized", message: expect.any(String) } });
  });

  it("answers 401 for an expired token", async () => {
    const { SignJWT } = await import("jose");
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setSubject("1")
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(process.env.JWT_SECRET!));
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token: expired })).status).toBe(401);
  });
});
