import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signIn } from "../../helpers/api";

// Jobs on any host (docs/operations.md): with the in-process timers off (they never start in tests), a
// scheduler runs each job through the cron route.
const SECRET = "cron-secret-0123456789abcdef";
let runJob: any;
let createTariff: any;
let db: any;
let schema: typeof import("@/db/schema");

beforeAll(async () => {
  Object.assign(process.env, { CRON_SECRET: SECRET, JOBS_IN_PROCESS: "false" });
  runJob = (await import("@/app/api/jobs/[name]/route")).POST;
  createTariff = (await import("@/app/api/tariff/create/route")).POST;
  db = await (await import("@/db")).getDb();
  schema = await import("@/db/schema");
});

const run = (name: string, secret: string | null = SECRET) =>
  call(runJob, "POST", `/api/jobs/${encodeURIComponent(name)}`, {
    params: { name },
    headers: secret === null ? {} : { authorization: `Bearer ${secret}` },
  });

describe("POST /api/jobs/{name}", () => {
  it("refuses a missing or wrong secret (401) and an unknown job (404), running nothing", async () => {
    expect((await run("payments:expire-stale", null)).status).toBe(401);
    expect((await run("payments:expire-stale", "wrong-secret-0123456789abcd")).status).toBe(401);
    expect((await run("no-such-job")).status).toBe(404);
  });

  it("runs the payment expiry job: a payment whose link ran out is expired", async () => {
    const { token, userId } = await signIn();
    await call(createTariff, "POST", "/api/tariff/create", {
      token,
      body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
    });
    await db
      .update(schema.payments)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(schema.payments.userId, userId));
    const res = await run("payments:expire-stale");
    expect(res.status).toBe(200);
    expect(res.body.job).toBe("payments:expire-stale");
    const [payment] = await db.select().from(schema.payments).where(eq(schema.payments.userId, userId));
    expect(payment.status).toBe("expired");
  });

  it("runs the bot outbox job: a queued message is delivered (recorded in demo mode)", async () => {
    const { queueBotMessage } = await import("@/lib/server/bot/outbox");
    const id = await queueBotMessage({ db, userId: null, chatId: 777, text: "from the cron route" });
    expect((await run("bot-outbox")).status).toBe(200);
    const [row] = await db.select().from(schema.botOutbox).where(eq(schema.botOutbox.id, id!));
    expect(row.status).not.toBe("pending");
  });

  it("runs the bot retention job: in demo mode it reports that it deleted nothing", async () => {
    const res = await run("bot-retention");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job: "bot-retention", result: { skipped: true } });
  });

  it("runs the request log's retention job: rows past REQUEST_LOG_KEEP_DAYS go", async () => {
    const [old] = await db
      .insert(schema.providerRequests)
      .values({ modelName: "m", action: "text", status: "ok", createdAt: sql`now() - interval '31 days'` })
      .returning();
    const res = await run("request-log-retention");
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ job: "request-log-retention", result: { deleted: 1 } });
    expect(await db.select().from(schema.providerRequests).where(eq(schema.providerRequests.id, old.id))).toEqual([]);
  });
});
