import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { catalogueVersion, channelModels, channels, providerRequests } from "@/db/schema"; // schema reads no settings
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// The request log: a turn over two channels, the first failing, writes one row per provider call
// with the turn's user, dialogue and action, the channel, tokens, latency, status, error class and
// the cost at the channel's prices; never the user's text.
const h = botHarnessForFile({
  AI_MAX_RETRIES: "0",
  AI_CHANNEL_FIRST_TOKEN_SECONDS: "2",
  AI_CHANNEL_RESULT_SECONDS: "2",
});
let one: FakeOpenAi;
let two: FakeOpenAi;
let clockOffset = 0;

beforeAll(async () => {
  [one, two] = await Promise.all([
    startFakeOpenAi({ apiKey: "sk-one-0001" }),
    startFakeOpenAi({ apiKey: "sk-two-0002" }),
  ]);
  const { setClockForTests } = await import("@/lib/server/clock");
  setClockForTests(() => Date.now() + clockOffset);
});
afterAll(async () => {
  (await import("@/lib/server/clock")).setClockForTests();
  await Promise.all([one.close(), two.close()]);
});

async function addChannel(name: string, fake: FakeOpenAi, priority: number, prices = {}) {
  const db = await h.getDb();
  const [row] = await db
    .insert(channels)
    .values({ name, baseUrl: fake.url, apiKey: fake.apiKey, priority, prices })
    .returning();
  await db
    .insert(channelModels)
    .values({ channelId: row.id, modelName: "gpt-4o-mini", providerModelId: `${name}-mini` });
  await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  clockOffset += 3_000;
  return row;
}

describe("the request log of a text turn", () => {
  it("has a failed row for the first channel and an ok row with tokens and cost for the second", async () => {
    const first = await addChannel("first", one, 0, { in_per_1k: 100, out_per_1k: 100 });
    const second = await addChannel("second", two, 1, { in_per_1k: 0.5, out_per_1k: 2 });
    one.mode = "fail500";
    two.usage = { prompt_tokens: 1200, completion_tokens: 300 };
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
    const secret = "my very private question 4815162342";
    await h.send(u.telegramId, { text: secret });
    const db = await h.getDb();
    const rows = await db
      .select()
      .from(providerRequests)
      .where(eq(providerRequests.userId, u.userId))
      .orderBy(providerRequests.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      channelId: first.id,
      modelName: "gpt-4o-mini",
      action: "text",
      status: "failed",
      error: "InternalServerError",
      tokensIn: 0,
      costRub: 0,
    });
    expect(rows[1]).toMatchObject({
      channelId: second.id,
      modelName: "gpt-4o-mini",
      action: "text",
      status: "ok",
      error: null,
      tokensIn: 1200,
      tokensOut: 300,
      costRub: 1.2 * 0.5 + 0.3 * 2,
    });
    expect(rows[1].sessionId).toEqual(expect.any(Number));
    expect(rows[1].latencyMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(rows)).not.toContain("4815162342");
  });

  it("costs the next call at the prices a console change gave the channel (read with its route, not per call)", async () => {
    const db = await h.getDb();
    const [second] = await db.select().from(channels).where(eq(channels.name, "second"));
    // As a console change does: the row, then the catalogue's version in the same change.
    await db
      .update(channels)
      .set({ prices: { in_per_1k: 1, out_per_1k: 4 } })
      .where(eq(channels.id, second.id));
    await db.update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
    clockOffset += 3_000;
    two.usage = { prompt_tokens: 1000, completion_tokens: 500 };
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
    await h.send(u.telegramId, { text: "hello again" });
    const [answered] = await db
      .select()
      .from(providerRequests)
      .where(eq(providerRequests.userId, u.userId))
      .orderBy(desc(providerRequests.id))
      .limit(1);
    expect(answered).toMatchObject({ channelId: second.id, status: "ok", costRub: 1 * 1 + 0.5 * 4 });
  });
});
