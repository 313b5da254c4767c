import { and, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startFakeStarsApi, type FakeStarsApi } from "../../fakes/telegram-stars";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { payLastStarsInvoice } from "../../helpers/stars";

// The owners' alerts through the bot (docs/decisions/0503-operator-alerts.md): the payment provider's
// errors and failing refunds (the Stars Bot API fake, stalled), failing model calls, and the bot's
// backlogs (the operator-alerts job, through the cron route), each once its threshold is reached,
// then not again for the same key within the dedupe window; a kind turned off is silent. The alerts
// are bot outbox rows to every owner's chat (the outbox path itself is tested in tests/api/bot).
const OWNER = 424_242_002;
const SECRET = "cron-secret-0123456789abcdef";
let fake: FakeStarsApi;
let db: any;
let schema: typeof import("@/db/schema");
let clock = Date.now();

beforeAll(async () => {
  fake = await startFakeStarsApi({ token: process.env.BOT_TOKEN! });
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "stars",
    BOT_API_BASE_URL: fake.url,
    PAYMENT_LINK_DEADLINE_MS: "300",
    ADMIN_TELEGRAM_IDS: String(OWNER),
    CRON_SECRET: SECRET,
    JOBS_IN_PROCESS: "false",
  });
  db = await (await import("@/db")).getDb();
  schema = await import("@/db/schema");
  (await import("@/lib/server/clock")).setClockForTests(() => clock);
});
afterAll(async () => {
  (await import("@/lib/server/clock")).setClockForTests();
  await fake?.close();
});
beforeEach(async () => {
  clock += 2 * 3_600_000; // past every dedupe window and the hourly cap
  await db.delete(schema.botOutbox);
});

/** The alerts queued to the owner (not yet sent). */
const alertsToOwner = async (): Promise<string[]> =>
  (
    await db
      .select({ text: schema.botOutbox.text })
      .from(schema.botOutbox)
      .where(and(eq(schema.botOutbox.chatId, OWNER), isNull(schema.botOutbox.userId)))
      .orderBy(schema.botOutbox.id)
  ).map((r: { text: string }) => r.text);

async function setAlert(kind: string, enabled: boolean, threshold: number | null) {
  const { PUT } = await import("@/app/api/admin/alerts/route");
  const res = await call(PUT, "PUT", "/api/admin/alerts", {
    token: await operatorToken(),
    body: { items: [{ kind, enabled, threshold }] },
  });
  expect(res.status).toBe(200);
}

const buyStarter = async (token: string) => {
  const { POST } = await import("@/app/api/tariff/create/route");
  return call(POST, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Starter", months: 1, calculated_price: 490, recurent: false, ref_amount_used: 0 },
  });
};

const runJob = async (name: string) => {
  const { POST } = await import("@/app/api/jobs/[name]/route");
  return call(POST, "POST", `/api/jobs/${name}`, { params: { name }, headers: { authorization: `Bearer ${SECRET}` } });
};

describe("the payment provider's errors", () => {
  it("alert the owners at the threshold (2 within 10 min), once while they go on", async () => {
    await setAlert("payment_errors", true, 2);
    const { token } = await signIn();
    fake.stall = true;
    try {
      expect((await buyStarter(token)).status).toBe(503);
      expect(await alertsToOwner()).toEqual([]);
      expect((await buyStarter(token)).status).toBe(503);
      expect((await buyStarter(token)).status).toBe(503);
    } finally {
      fake.stall = false;
    }
    expect(await alertsToOwner()).toEqual(["⚠️ Платёжный провайдер stars отвечает ошибками: 2 ошибки за 10 мин."]);
  });
});

describe("a failing refund", () => {
  it("alerts at its threshold, naming the last payment", async () => {
    await setAlert("refund_failed", true, 1);
    const { token, userId } = await signIn();
    await buyStarter(token);
    const payload = await payLastStarsInvoice(fake, userId);
    const { refundPayment } = await import("@/lib/server/payments/refund");
    fake.stall = true;
    await expect(
      refundPayment({ db, paymentId: payload, reason: "x" }).finally(() => (fake.stall = false)),
    ).rejects.toMatchObject({
      status: 503,
    });
    expect(await alertsToOwner()).toEqual([
      `⚠️ Возвраты не проходят: 1 ошибка за 10 мин (последний — платёж ${payload}).`,
    ]);
  });
});

describe("failing model calls", () => {
  it("alert at the threshold; turned off, they are silent", async () => {
    const { providerCallFailed } = await import("@/lib/server/alerts/triggers");
    await setAlert("provider_failing", true, 3);
    for (let i = 0; i < 2; i++) await providerCallFailed(db, "gpt-4o");
    expect(await alertsToOwner()).toEqual([]);
    await providerCallFailed(db, "gpt-4o-mini");
    expect(await alertsToOwner()).toEqual([
      "⚠️ Вызовы моделей не проходят: 3 неудачных вызова за 10 мин (последний — gpt-4o-mini).",
    ]);
    clock += 2 * 3_600_000;
    await db.delete(schema.botOutbox);
    await setAlert("provider_failing", false, 3);
    for (let i = 0; i < 5; i++) await providerCallFailed(db, "gpt-4o");
    expect(await alertsToOwner()).toEqual([]);
  });
});

describe("POST /api/jobs/operator-alerts", () => {
  it("alerts an outbox backlog over its threshold once within the dedupe window, and again after it", async () => {
    await setAlert("outbox_backlog", true, 3);
    const waiting = (n: number) =>
      db.insert(schema.botOutbox).values(Array.from({ length: n }, (_, i) => ({ chatId: 9_000 + i, text: "queued" })));
    await waiting(2);
    let res = await runJob("operator-alerts");
    expect(res.status).toBe(200);
    expect(res.body.result).toMatchObject({ outbox_backlog: 2, alerted: [] });
    await waiting(1);
    res = await runJob("operator-alerts");
    expect(res.body.result).toMatchObject({ outbox_backlog: 3, alerted: ["outbox_backlog"] });
    expect(await alertsToOwner()).toEqual(["⚠️ В очереди бота ждут отправки 3 сообщения (порог 3)."]);
    clock += 30 * 60_000;
    res = await runJob("operator-alerts");
    expect(res.body.result.alerted).toEqual([]);
    clock += 31 * 60_000;
    res = await runJob("operator-alerts");
    expect(res.body.result.alerted).toEqual(["outbox_backlog"]);
  });

  it("alerts an update backlog over its threshold", async () => {
    await setAlert("update_backlog", true, 2);
    await db.insert(schema.botUpdates).values([
      { updateId: 990_001, chatId: 1, payload: {} },
      { updateId: 990_002, chatId: 1, payload: {} },
    ]);
    const res = await runJob("operator-alerts");
    expect(res.body.result).toMatchObject({ update_backlog: 2, alerted: ["update_backlog"] });
    expect((await alertsToOwner()).at(-1)).toBe("⚠️ Ждут обработки 2 обновления Telegram (порог 2).");
    await db.delete(schema.botUpdates);
  });
});

describe("every owner, in their language, at most ALERTS_PER_HOUR an hour", () => {
  it("tells an owner who uses the app in English in English, and stops at the hour's cap", async () => {
    const { PUT } = await import("@/app/api/admin/operators/[telegram_id]/route");
    const english = 424_242_003;
    await db.insert(schema.users).values({ telegramId: english, referralCode: "ALERTEN", language: "en" });
    const added = await call(PUT, "PUT", `/api/admin/operators/${english}`, {
      token: await operatorToken(),
      params: { telegram_id: String(english) },
      body: { role: "owner" },
    });
    expect(added.status).toBe(200);
    const { ALERTS_PER_HOUR, alertOperators } = await import("@/lib/server/alerts/send");
    const sent: boolean[] = [];
    for (let i = 0; i < ALERTS_PER_HOUR + 2; i++)
      sent.push(
        await alertOperators({
          db,
          kind: "update_backlog",
          key: `test:${i}`,
          text: { key: "updateBacklog", values: { count: i + 1, threshold: 1 } },
        }),
      );
    expect(sent.filter(Boolean)).toHaveLength(ALERTS_PER_HOUR);
    const toEnglish = await db
      .select()
      .from(schema.botOutbox)
      .where(eq(schema.botOutbox.chatId, english))
      .orderBy(schema.botOutbox.id);
    expect(toEnglish).toHaveLength(ALERTS_PER_HOUR);
    expect(toEnglish[0].text).toBe("⚠️ 1 Telegram update is waiting to be processed (threshold 1).");
    expect(await alertsToOwner()).toHaveLength(ALERTS_PER_HOUR);
  });
});
