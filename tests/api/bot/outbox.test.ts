import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as postSession } from "@/app/api/models/session/route";
import { getDb } from "@/db";
import { botOutbox, rateLimits, users } from "@/db/schema";
import { telegramApi } from "@/lib/server/bot/telegram-api";
import { deliverOutbox, queueBotMessage } from "@/lib/server/bot/outbox";
import { jobs } from "@/lib/server/jobs/registry";
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";

const TOKEN = "42:fake-bot-token";
let fake: FakeBotApi;
beforeAll(async () => {
  fake = await startFakeBotApi({ token: TOKEN });
});
afterAll(() => fake.close());

// The same grammY client the bot and the outbox job use, pointed at the fake.
const client = () => telegramApi({ token: TOKEN, apiRoot: fake.url });
const later = (ms: number) => new Date(Date.now() + ms);

async function row(id: number) {
  const db = await getDb();
  const [r] = await db.select().from(botOutbox).where(eq(botOutbox.id, id));
  return r;
}

async function queue(text: string, chatId = 1001) {
  const db = await getDb();
  const id = await queueBotMessage({ db, userId: null, chatId, text });
  if (id === null) throw new Error("a message without a user is never capped");
  return id;
}

// Leaves only the given rows due: other tests' rows are settled first, and this second's send
// budget (shared by all workers) is given back.
async function drain() {
  const db = await getDb();
  await db.update(botOutbox).set({ status: "sent" }).where(eq(botOutbox.status, "pending"));
  await db.delete(rateLimits).where(eq(rateLimits.bucket, "bot-send"));
}

describe("bot outbox delivery", () => {
  it("a launch queues a message that the worker sends through sendMessage", async () => {
    await drain();
    const { token } = await signIn({ id: 55_500_001, language_code: "en" });
    const res = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: await modelIdByName("gpt-4o-mini") },
    });
    expect(res.status).toBe(200);
    const before = fake.sent.length;
    const db = await getDb();
    const report = await deliverOutbox({ db, client: client() });
    expect(report).toMatchObject({ sent: 1, failed: 0 });
    expect(fake.sent.slice(before)).toEqual([
      expect.objectContaining({ chat_id: 55_500_001, text: expect.stringContaining("GPT-4o mini") }),
    ]);
    const [sent] = await db.select().from(botOutbox).where(eq(botOutbox.chatId, 55_500_001));
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent.sentAt).toBeInstanceOf(Date);
  });

  it("delivers exactly once when the first attempt answers 500", async () => {
    await drain();
    const id = await queue("after a 500", 2001);
    fake.failNext({ status: 500 });
    const db = await getDb();
    // A backoff far longer than the test itself, so a slow machine cannot make the row due early.
    const first = await deliverOutbox({ db, client: client(), baseDelayMs: 30_000 });
    expect(first.retried).toBe(1);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "Internal Server Error" });
    // Not due yet: nothing is sent again before the backoff passes.
    expect((await deliverOutbox({ db, client: client(), baseDelayMs: 30_000 })).sent).toBe(0);
    const second = await deliverOutbox({ db, client: client(), now: later(45_000) });
    expect(second.sent).toBe(1);
    expect(await deliverOutbox({ db, client: client(), now: later(600_000) })).toMatchObject({ sent: 0, retried: 0 });
    expect(fake.sent.filter((m) => m.chat_id === 2001)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("waits for retry_after on a 429 and then delivers once", async () => {
    await drain();
    const id = await queue("after a 429", 3001);
    fake.failNext({ status: 429, retryAfter: 30 });
    const db = await getDb();
    await deliverOutbox({ db, client: client() });
    const waiting = await row(id);
    expect(waiting.status).toBe("pending");
    expect(waiting.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(25_000);
    expect((await deliverOutbox({ db, client: client(), now: later(10_000) })).sent).toBe(0);
    expect((await deliverOutbox({ db, client: client(), now: later(31_000) })).sent).toBe(1);
    expect(fake.sent.filter((m) => m.chat_id === 3001)).toHaveLength(1);
  });

  it("retries a dropped connection, and gives up on a 4xx answer or after the last attempt", async () => {
    await drain();
    const dropped = await queue("dropped", 4001);
    fake.failNext("drop");
    const db = await getDb();
    await deliverOutbox({ db, client: client() });
    expect(await row(dropped)).toMatchObject({ status: "pending", attempts: 1 });
    await deliverOutbox({ db, client: client(), now: later(5_000) });
    expect(await row(dropped)).toMatchObject({ status: "sent" });

    const blocked = await queue("blocked", 4002);
    fake.failNext({ status: 403, description: "Forbidden: bot was blocked by the user" });
    await deliverOutbox({ db, client: client() });
    expect(await row(blocked)).toMatchObject({
      status: "undeliverable",
      lastError: "Forbidden: bot was blocked by the user",
    });
    fake.failNext({ status: 400, description: "Bad Request: chat not found" });
    const lost = await queue("lost", 4004);
    await deliverOutbox({ db, client: client() });
    expect(await row(lost)).toMatchObject({ status: "failed", lastError: "Bad Request: chat not found" });

    const flaky = await queue("flaky", 4003);
    fake.failNext({ status: 502 }, { status: 502 });
    await deliverOutbox({ db, client: client(), maxAttempts: 2, baseDelayMs: 10 });
    await deliverOutbox({ db, client: client(), maxAttempts: 2, now: later(1_000) });
    expect(await row(flaky)).toMatchObject({ status: "failed", attempts: 2 });
    expect(fake.sent.filter((m) => m.chat_id >= 4002 && m.chat_id <= 4003)).toHaveLength(0);
  });

  it("a 403 marks the row undeliverable and queues nothing more for that user until they write to the bot", async () => {
    await drain();
    const { userId } = await signIn();
    const db = await getDb();
    const [me] = await db.select().from(users).where(eq(users.id, userId));
    const first = await queueBotMessage({ db, userId, chatId: me.telegramId, text: "launch notice" });
    fake.failNext({ status: 403, description: "Forbidden: bot can't initiate conversation with a user" });
    await deliverOutbox({ db, client: client() });
    expect(await row(first!)).toMatchObject({
      status: "undeliverable",
      lastError: "Forbidden: bot can't initiate conversation with a user",
    });
    expect(await queueBotMessage({ db, userId, chatId: me.telegramId, text: "second notice" })).toBeNull();

    // The user writes to the bot: the bot may write to them again.
    const { createBot } = await import("@/lib/server/bot/bot");
    const from = { id: me.telegramId, is_bot: false, first_name: "Test" };
    const bot = createBot({ db });
    const replies: string[] = [];
    // The bot's own replies are answered here: this file's Bot API base URL was fixed at load.
    bot.api.config.use(
      async (_prev, method) => (
        replies.push(method),
        { ok: true, result: { message_id: 1, date: 0, chat: { id: from.id } } as never }
      ),
    );
    await bot.handleUpdate({
      update_id: 1,
      message: { message_id: 1, date: 0, chat: { id: from.id, type: "private", first_name: "Test" }, from, text: "hi" },
    });
    expect(replies).toContain("sendMessage");
    expect(await queueBotMessage({ db, userId, chatId: me.telegramId, text: "third notice" })).not.toBeNull();
  });

  it("two workers at once never send the same row", async () => {
    await drain();
    const ids = await Promise.all(Array.from({ length: 8 }, (_, i) => queue(`parallel ${i}`, 5000 + i)));
    const db = await getDb();
    const reports = await Promise.all([
      deliverOutbox({ db, client: client() }),
      deliverOutbox({ db, client: client() }),
    ]);
    expect(reports[0].sent + reports[1].sent).toBe(8);
    for (let i = 0; i < 8; i++) expect(fake.sent.filter((m) => m.chat_id === 5000 + i)).toHaveLength(1);
    for (const id of ids) expect((await row(id)).status).toBe("sent");
  });

  it("re-claims a row whose worker died mid-send once its lock expires", async () => {
    await drain();
    const id = await queue("orphan", 6001);
    const db = await getDb();
    await db
      .update(botOutbox)
      .set({ status: "sending", attempts: 1, lockedUntil: later(60_000) })
      .where(eq(botOutbox.id, id));
    expect((await deliverOutbox({ db, client: client() })).sent).toBe(0);
    expect((await deliverOutbox({ db, client: client(), now: later(61_000) })).sent).toBe(1);
    expect(fake.sent.filter((m) => m.chat_id === 6001)).toHaveLength(1);
  });

  it("in demo mode (no client) messages are only recorded", async () => {
    await drain();
    const id = await queue("demo", 7001);
    const db = await getDb();
    const before = fake.requests;
    expect(await deliverOutbox({ db, client: null })).toMatchObject({ recorded: 1, sent: 0 });
    expect(await row(id)).toMatchObject({ status: "recorded" });
    expect(fake.requests).toBe(before);
  });

  it("the bot-outbox job is registered and records in demo mode", async () => {
    await drain();
    const job = jobs.find((j) => j.name === "bot-outbox")!;
    expect(job).toBeDefined();
    const id = await queue("via job", 8001);
    await job.run(await getDb());
    expect((await row(id)).status).toBe("recorded");
  });
});
