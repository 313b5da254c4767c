import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { botOutbox, botUpdates, broadcasts } from "@/db/schema";
import { pruneBotRows } from "@/lib/server/bot/retention";
import { jobs } from "@/lib/server/jobs/registry";

// The bot's working rows go once settled and older than BOT_KEEP_DAYS (docs/decisions/0436-bot-rows-kept-a-week.md):
// a user's stored message is not kept for ever; anything unsettled, a broadcast's messages and the demo chat are.
const DAY = 86_400_000;
const NOW = new Date("2026-11-25T12:00:00Z");
const ago = (days: number) => new Date(NOW.getTime() - days * DAY);
let nextUpdateId = 900_000;

async function update(status: string, createdAt: Date) {
  const db = await getDb();
  const updateId = nextUpdateId++;
  const [row] = await db
    .insert(botUpdates)
    .values({
      updateId,
      chatId: 42,
      payload: { update_id: updateId, message: { text: "a private question" } },
      status,
      createdAt,
    })
    .returning({ id: botUpdates.id });
  return row.id;
}

async function outbox(status: string, createdAt: Date, broadcastId: number | null = null) {
  const db = await getDb();
  const [row] = await db
    .insert(botOutbox)
    .values({ chatId: 42, text: "a notice", status, createdAt, updatedAt: createdAt, broadcastId })
    .returning({ id: botOutbox.id });
  return row.id;
}

const left = async (ids: number[], table: typeof botUpdates | typeof botOutbox) =>
  (await (await getDb()).select({ id: table.id }).from(table).where(inArray(table.id, ids)))
    .map((r) => r.id)
    .sort((a, b) => a - b);

describe("bot rows retention", () => {
  it("deletes settled updates and delivered or refused outbox messages past the kept days, and nothing else", async () => {
    const oldDone = await update("done", ago(8));
    const oldFailed = await update("failed", ago(30));
    const recentDone = await update("done", ago(6));
    const oldPending = await update("pending", ago(8));
    const oldProcessing = await update("processing", ago(8));

    const db = await getDb();
    const [broadcast] = await db
      .insert(broadcasts)
      .values({ text: "news", segment: "all", total: 1, createdByTelegramId: 1 })
      .returning({ id: broadcasts.id });
    const oldSent = await outbox("sent", ago(8));
    const oldRefused = await outbox("undeliverable", ago(8));
    const recentSent = await outbox("sent", ago(1));
    const oldQueued = await outbox("pending", ago(8));
    const oldRecorded = await outbox("recorded", ago(8));
    const oldBroadcast = await outbox("sent", ago(8), broadcast.id);

    expect(await pruneBotRows({ db, keepDays: 7, now: NOW })).toEqual({ updates: 2, outbox: 2 });

    expect(await left([oldDone, oldFailed, recentDone, oldPending, oldProcessing], botUpdates)).toEqual([
      recentDone,
      oldPending,
      oldProcessing,
    ]);
    expect(await left([oldSent, oldRefused, recentSent, oldQueued, oldRecorded, oldBroadcast], botOutbox)).toEqual([
      recentSent,
      oldQueued,
      oldRecorded,
      oldBroadcast,
    ]);
    // A second run finds nothing more.
    expect(await pruneBotRows({ db, keepDays: 7, now: NOW })).toEqual({ updates: 0, outbox: 0 });
  });

  it("deletes a backlog larger than one batch", async () => {
    const db = await getDb();
    const many = Array.from({ length: 5_003 }, () => nextUpdateId++);
    await db.insert(botUpdates).values(
      many.map((updateId) => ({
        updateId,
        chatId: 43,
        payload: { update_id: updateId },
        status: "done",
        createdAt: ago(10),
      })),
    );
    expect((await pruneBotRows({ db, keepDays: 7, now: NOW })).updates).toBe(5_003);
    expect(await db.select({ id: botUpdates.id }).from(botUpdates).where(inArray(botUpdates.updateId, many))).toEqual(
      [],
    );
  });

  it("the bot-retention job is registered and deletes nothing in demo mode, where these rows are the demo chat", async () => {
    const job = jobs.find((j) => j.name === "bot-retention")!;
    expect(job).toBeDefined();
    const kept = await update("done", new Date(Date.now() - 30 * DAY));
    expect(await job.run(await getDb())).toEqual({ skipped: true });
    expect(await left([kept], botUpdates)).toEqual([kept]);
  });
});
