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

  it("POST /api/auth/telegram-login - the 61st sign-in in a minute from one address gets 429 with Retry-After; another address is unaffected", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) {
      const res = await call(login, "POST", "/api/auth/telegram-login", {
        body: { initData: signedInitData() },
        headers: fromAddress("203.0.113.7"),
      });
      statuses.push(res.status);
      if (i === 60) {
        expect(res.body.error.code).toBe("rate_limited");
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
    const other = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData() },
      headers: fromAddress("203.0.113.8"),
    });
    expect(other.status).toBe(200);
  });

  it("a forged first X-Forwarded-For entry does not escape the limit", async () => {
    for (let i = 0; i < 60; i++) await hitRateLimit({ db: await getDb(), bucket: "sign-in", key: "ip:198.51.100.9" });
    const forged = await call(login, "POST", "/api/auth/telegram-login", {
      body: { initData: signedInitData() },
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
