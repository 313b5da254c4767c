import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// Real limits for this file: the other suites scale them up (tests/setup/per-file.ts).
vi.hoisted(() => {
  process.env.RATE_LIMIT_MULTIPLIER = "1";
});

const { POST: login } = await import("@/app/api/auth/telegram-login/route");
const { POST: startModel } = await import("@/app/api/models/session/route");
const { POST: packagePayment } = await import("@/app/api/package/payment/route");
const { GET: checkCode } = await import("@/app/api/referral/check-code/[code]/route");
const { getDb } = await import("@/db");
const { botOutbox, models } = await import("@/db/schema");
const { hitRateLimit } = await import("@/lib/server/rate-limit");
const { setClockForTests } = await import("@/lib/server/clock");
const { call, signedInitData, signIn } = await import("../../helpers/api");

const fromAddress = (address: string) => ({ "x-forwarded-for": address });

async function freeTextModelId() {
  const db = await getDb();
  const [model] = await db.select({ id: models.id }).from(models).where(eq(models.modelName, "gpt-4o-mini"));
  return model.id;
}

// Windows are whole minutes: each test runs at the first second of a fresh one, held still, so it
// never straddles two and never waits for one to end.
let minute = Math.ceil(Date.now() / 60_000) * 60_000;
const clockAt = (ms: number) => setClockForTests(() => ms);

describe("rate limits", () => {
  beforeEach(() => {
    minute += 60_000;
    clockAt(minute + 1_000);
  });
  afterAll(() => setClockForTests());

  it("POST /api/auth/telegram-login - valid launch data is limited per Telegram user (20 a minute), not per address: a carrier address's many users all sign in", async () => {
    // 100 subscribers behind one carrier-grade NAT address sign in within the minute.
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await call(login, "POST", "/api/auth/telegram-login", {
        body: { initData: signedInitData() },
        headers: fromAddress("203.0.113.7"),
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // One user signing in over and over is limited, from whatever address.
    const user = { id: 777_000_000 + Math.floor(Math.random() * 1_000_000) };
    for (let i = 0; i < 20; i++) {
      const res = await call(login, "POST", "/api/auth/telegram-login", {
        body: { initData: signedInitData(user) },
        headers: fromAddress(`198.51.100.${i}`),
      });
      expect(res.status).toBe(200);
    }
    const limited = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData(user) },
      headers: fromAddress("198.51.100.200"),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("rate_limited");
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("POST /api/auth/telegram-login - launch data that does not validate is limited per address (120 a minute); another address is unaffected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 121; i++) {
      const res = await call(login, "POST", "/api/auth/telegram-login", {
        body: { initData: signedInitData({}, { token: "123:forged-token" }) },
        headers: fromAddress("203.0.113.9"),
      });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 120).every((s) => s === 401)).toBe(true);
    expect(statuses[120]).toBe(429);
    // Valid data from that address still signs in: the address limit only counts refused data.
    const valid = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData() },
      headers: fromAddress("203.0.113.9"),
    });
    expect(valid.status).toBe(200);
    const other = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData({}, { token: "123:forged-token" }) },
      headers: fromAddress("203.0.113.10"),
    });
    expect(other.status).toBe(401);
  });

  it("a forged first X-Forwarded-For entry does not escape the limit", async () => {
    for (let i = 0; i < 120; i++)
      await hitRateLimit({ db: await getDb(), bucket: "sign-in-refused", key: "ip:198.51.100.9" });
    const forged = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData({}, { token: "123:forged-token" }) },
      headers: fromAddress(`10.${Math.floor(Math.random() * 250)}.0.1, 198.51.100.9`),
    });
    expect(forged.status).toBe(429);
  });

  it("POST /api/models/session - launches are limited per user (30 a minute) and bot messages are capped at 20", async () => {
    const { token, userId } = await signIn();
    const model_id = await freeTextModelId();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await call(startModel, "POST", "/api/models/session", { token, body: { model_id } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const db = await getDb();
    const [queued] = await db.select({ n: count() }).from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(queued.n).toBe(20);
    const someoneElse = await signIn();
    expect(
      (await call(startModel, "POST", "/api/models/session", { token: someoneElse.token, body: { model_id } })).status,
    ).toBe(200);
    const [theirs] = await db
      .select({ n: count() })
      .from(botOutbox)
      .where(and(eq(botOutbox.userId, someoneElse.userId)));
    expect(theirs.n).toBe(1);
  });

  it("POST /api/package/payment - payment creation is limited per user before the body is read", async () => {
    const { token } = await signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await call(packagePayment, "POST", "/api/package/payment", { token, body: { package_id: 2_000_000 } })).status,
      );
    expect(statuses.slice(0, 10).every((s) => s === 404 || s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("GET /api/referral/check-code/{code} - 20 checks a minute per user, then 429: codes cannot be enumerated", async () => {
    const { token } = await signIn();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const code = `GUESS${i}X`;
      statuses.push(
        (await call(checkCode, "GET", `/api/referral/check-code/${code}`, { token, params: { code } })).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("a new window starts the count again; Retry-After says how long the current one still runs", async () => {
    const db = await getDb();
    const key = "ip:192.0.2.44";
    for (let i = 0; i < 60; i++) await hitRateLimit({ db, bucket: "sign-in", key });
    clockAt(minute + 45_000);
    expect(await hitRateLimit({ db, bucket: "sign-in", key })).toEqual({ allowed: false, retryAfterSeconds: 15 });
    clockAt(minute + 60_000);
    expect(await hitRateLimit({ db, bucket: "sign-in", key })).toEqual({ allowed: true, retryAfterSeconds: 60 });
  });
});
