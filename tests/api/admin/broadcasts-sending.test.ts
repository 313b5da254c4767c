import { and, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db";
import { botOutbox, broadcasts, users } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { telegramApi } from "@/lib/server/bot/telegram-api";
import { startFakeBotApi, type FakeBotApi } from "../../fakes/telegram-bot-api";

// A broadcast to 1 000 users through the real outbox and grammY client against the Bot API fake, on
// a simulated clock: the broadcasts job and the outbox worker run every 250 ms of simulated time,
// sends are counted per simulated second.

const TOKEN = "42:fake-bot-token";
const START = Date.parse("2030-01-01T00:00:00Z");
const STEP_MS = 250;
let fake: FakeBotApi;
let t = START;

beforeAll(async () => {
  fake = await startFakeBotApi({ token: TOKEN });
  setClockForTests(() => t);
  const db = await getDb();
  const row = (i: number, extra: Partial<typeof users.$inferInsert> = {}) => ({
    telegramId: 70_000_000 + i,
    firstName: `U${i}`,
    referralCode: `bc${i}`,
    allowsWriteToPm: true,
    language: i % 2 ? "en" : "ru",
    ...extra,
  });
  await db.insert(users).values(Array.from({ length: 1000 }, (_, i) => row(i)));
  // Skipped: blocked the bot, never allowed messages.
  await db.insert(users).values([row(5001, { botBlockedAt: new Date(START) }), row(5002, { allowsWriteToPm: false })]);
});
afterEach(() => setClockForTests(() => t));
afterAll(async () => {
  setClockForTests();
  await fake.close();
});

const client = () => telegramApi({ token: TOKEN, apiRoot: fake.url });

/** Runs the job and the worker on the simulated clock until `until` holds; answers sends per simulated second. */
async function run({ until, onStep }: { until: () => Promise<boolean>; onStep?: () => Promise<void> }) {
  const perSecond = new Map<number, number>();
  for (let step = 0; step < 2000 && !(await until()); step++) {
    t += STEP_MS;
    // Imported each step: a restarted process has nothing in memory but what the database holds.
    const { queueBroadcasts } = await import("@/lib/server/broadcasts/queue");
    const { deliverOutbox } = await import("@/lib/server/bot/outbox");
    const db = await getDb();
    await queueBroadcasts({ db, now: new Date(t) });
    const report = await deliverOutbox({ db, client: client(), now: new Date(t), batchSize: 30 });
    const second = Math.floor((t - START) / 1000);
    perSecond.set(second, (perSecond.get(second) ?? 0) + report.sent);
    await onStep?.();
  }
  return perSecond;
}

async function create(segment: "all" | "en", text: string) {
  const { createBroadcast } = await import("@/lib/server/broadcasts/create");
  return createBroadcast({ tx: await getDb(), text, segment, operatorTelegramId: 1 });
}

async function progress(id: number) {
  const { broadcastProgress, findBroadcast } = await import("@/lib/server/broadcasts/progress");
  const db = await getDb();
  return broadcastProgress({ db, broadcast: await findBroadcast({ db, id }) });
}

describe("broadcast sending", () => {
  it("reaches 1 000 users once each within 25 messages per second, resuming after a restart", async () => {
    const b = await create("all", "*News*: the price list changed\\.");
    expect(b.total).toBe(1000);
    const sentBefore = fake.sent.length;
    let restarted = false;
    const perSecond = await run({
      until: async () => (await progress(b.id)).status === "done",
      onStep: async () => {
        if (restarted || fake.sent.length - sentBefore < 400) return;
        restarted = true;
        // The process dies holding a claim on a few rows: they come back when the claim expires.
        const db = await getDb();
        const waiting = await db
          .select({ id: botOutbox.id })
          .from(botOutbox)
          .where(and(eq(botOutbox.broadcastId, b.id), eq(botOutbox.status, "pending")))
          .limit(5);
        await db
          .update(botOutbox)
          .set({ status: "sending", attempts: 1, lockedUntil: new Date(t + 60_000) })
          .where(
            inArray(
              botOutbox.id,
              waiting.map((w) => w.id),
            ),
          );
        vi.resetModules();
      },
    });
    expect(restarted).toBe(true);
    const sent = fake.sent.slice(sentBefore);
    expect(sent).toHaveLength(1000);
    expect(new Set(sent.map((s) => s.chat_id)).size).toBe(1000);
    expect(sent.some((s) => s.chat_id >= 70_005_000)).toBe(false);
    expect(Math.max(...perSecond.values())).toBeLessThanOrEqual(25);
    // Paced, not bunched: 1 000 messages at 25 a second take at least 40 seconds.
    expect([...perSecond.values()].filter((n) => n > 0).length).toBeGreaterThanOrEqual(40);
    expect(await progress(b.id)).toMatchObject({
      status: "done",
      total: 1000,
      sent: 1000,
      failed: 0,
      blocked: 0,
      left: 0,
    });
  }, 120_000); // about 1 000 loopback sends and 600 simulated ticks: slow on a loaded machine

  it("sends MarkdownV2, and a cancel stops it: nothing more is sent and nothing is left", async () => {
    const b = await create("en", "_Hello_ again\\!");
    expect(b.total).toBe(500);
    const sentBefore = fake.sent.length;
    const callsBefore = fake.calls.length;
    await run({ until: async () => fake.sent.length - sentBefore >= 60 });
    expect(fake.calls.slice(callsBefore)[0]).toMatchObject({
      method: "sendMessage",
      body: { text: "_Hello_ again\\!", parse_mode: "MarkdownV2" },
    });
    const { cancelBroadcast } = await import("@/lib/server/broadcasts/cancel");
    const db = await getDb();
    await cancelBroadcast({ tx: db, id: b.id });
    const atCancel = fake.sent.length;
    let steps = 0;
    await run({ until: async () => ++steps > 40 });
    // At most the batch already claimed when the cancel came.
    expect(fake.sent.length - atCancel).toBeLessThanOrEqual(25);
    const after = await progress(b.id);
    expect(after).toMatchObject({ status: "cancelled", left: 0 });
    expect(after.sent).toBe(fake.sent.length - sentBefore);
    const [row] = await db.select().from(broadcasts).where(eq(broadcasts.id, b.id));
    expect(row.finishedAt).toBeInstanceOf(Date);
    await expect(cancelBroadcast({ tx: db, id: b.id })).rejects.toMatchObject({ status: 409 });
  });
});
