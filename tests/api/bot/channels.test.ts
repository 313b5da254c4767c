import net from "node:net";
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { catalogueVersion, channelModels, channels, dialogMessages, modelActions, models } from "@/db/schema"; // schema reads no settings
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// Channels: a model's calls go to its channels by priority (two loopback OpenAI fakes here, the
// harness's own fake being the default channel that no test should reach), the next one taking over
// when one fails before the first token; a channel failing 3 times in a row cools down; when all are
// down the model's fallback model answers, says so and is paid at its price.
// AI_MAX_RETRIES 1: the SDK's own retry (which waits out a 429's retry-after) runs only on the last channel to try.
// LOG_LEVEL info: the attempts' log lines are read (and kept off the output) below.
const h = botHarnessForFile({
  LOG_LEVEL: "info",
  AI_MAX_RETRIES: "1",
  AI_TIMEOUT_SECONDS: "5",
  AI_CHANNEL_FIRST_TOKEN_SECONDS: "0.3",
  AI_CHANNEL_RESULT_SECONDS: "0.3",
  AI_CHANNEL_COOLDOWN_SECONDS: "60",
});
let one: FakeOpenAi;
let two: FakeOpenAi;
let refusedUrl: string;
let clockOffset = 0;
const logLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (!text.startsWith("{")) return write(chunk, ...rest);
    logLines.push(JSON.parse(text));
    return true;
  }) as typeof process.stdout.write);
  [one, two] = await Promise.all([
    startFakeOpenAi({ apiKey: "sk-one-0001" }),
    startFakeOpenAi({ apiKey: "sk-two-0002" }),
  ]);
  // A port nothing listens on any more: connections to it are refused.
  const closed = net.createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  refusedUrl = `http://127.0.0.1:${(closed.address() as net.AddressInfo).port}/v1`;
  await new Promise((resolve) => closed.close(resolve));
  const { setClockForTests } = await import("@/lib/server/clock");
  setClockForTests(() => Date.now() + clockOffset);
});
afterAll(async () => {
  vi.restoreAllMocks();
  (await import("@/lib/server/clock")).setClockForTests();
  await Promise.all([one.close(), two.close()]);
});
beforeEach(() => {
  for (const fake of [one, two]) {
    fake.mode = "normal";
    fake.requests.length = 0;
  }
  one.answer = "Answer from channel one.";
  two.answer = "Answer from channel two.";
});
afterEach(async () => {
  const db = await h.getDb();
  await db.delete(channels);
  await db.update(models).set({ fallbackModelId: null });
  await bumpCatalogue();
});

/** A catalogue change every instance sees: the version moves and the cache's recheck interval passes. */
async function bumpCatalogue() {
  await (await h.getDb()).update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  clockOffset += 3_000;
}

async function addChannel(
  name: string,
  { url, apiKey, priority, serves }: { url: string; apiKey: string; priority: number; serves: Record<string, string> },
) {
  const db = await h.getDb();
  const [row] = await db.insert(channels).values({ name, baseUrl: url, apiKey, priority }).returning();
  await db
    .insert(channelModels)
    .values(
      Object.entries(serves).map(([modelName, providerModelId]) => ({ channelId: row.id, modelName, providerModelId })),
    );
  // Channels are catalogue data: the console's change moves the version as this does.
  await bumpCatalogue();
  return row;
}

const channelRow = async (id: number) =>
  (await (await h.getDb()).select().from(channels).where(eq(channels.id, id)))[0];
const chatRequests = (fake: FakeOpenAi) => fake.requests.filter((r) => r.path === "/v1/chat/completions");
const lastText = (telegramId: number) => h.callsIn(telegramId, "sendMessage").at(-1)!.body.text as string;

async function setPrice(modelName: string, action: string, priceUnits: number) {
  const db = await h.getDb();
  const [model] = await db.select().from(models).where(eq(models.modelName, modelName));
  const [before] = await db
    .select()
    .from(modelActions)
    .where(and(eq(modelActions.modelId, model.id), eq(modelActions.action, action)));
  await db.update(modelActions).set({ priceUnits }).where(eq(modelActions.id, before.id));
  await bumpCatalogue();
  return () => db.update(modelActions).set({ priceUnits: before.priceUnits }).where(eq(modelActions.id, before.id));
}

async function setFallback(modelName: string, fallbackName: string) {
  const db = await h.getDb();
  const [fallback] = await db.select().from(models).where(eq(models.modelName, fallbackName));
  await db.update(models).set({ fallbackModelId: fallback.id }).where(eq(models.modelName, modelName));
  await bumpCatalogue();
}

describe("a text turn over two channels", () => {
  it.each([
    ["answers 500", (): Partial<{ url: string }> => ((one.mode = "fail500"), {})],
    [
      "is rate limited (429 with a retry-after of 20 s, not waited for)",
      (): Partial<{ url: string }> => ((one.mode = "fail429"), {}),
    ],
    ["refuses the connection", () => ({ url: refusedUrl })],
    ["hangs past the first-token wait", (): Partial<{ url: string }> => ((one.mode = "hang"), {})],
  ])(
    "the first channel %s: the second answers by its own provider model id, the first counts a failure",
    async (_, breakFirst) => {
      const first = await addChannel("first", {
        url: one.url,
        apiKey: one.apiKey,
        priority: 0,
        serves: { "gpt-4o-mini": "one-mini" },
        ...breakFirst(),
      });
      await addChannel("second", {
        url: two.url,
        apiKey: two.apiKey,
        priority: 1,
        serves: { "gpt-4o-mini": "two-mini" },
      });
      const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
      await h.send(u.telegramId, { text: "hello?" });
      expect(lastText(u.telegramId)).toContain("Answer from channel two");
      expect(chatRequests(two).map((r) => r.model)).toEqual(["two-mini"]);
      expect(h.ai.requests).toHaveLength(0);
      expect((await h.quotasOf(u.userId)).textTokens).toBe(1000 - 17);
      expect(await channelRow(first.id)).toMatchObject({ consecutiveFailures: 1, cooldownUntil: null });
      expect(chatRequests(one).length).toBeLessThanOrEqual(1); // no SDK retry on a channel with another after it
    },
  );

  it("logs each attempt with its model, channel and outcome", async () => {
    await addChannel("first", { url: one.url, apiKey: one.apiKey, priority: 0, serves: { "gpt-4o-mini": "one-mini" } });
    await addChannel("second", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    one.mode = "fail500";
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    logLines.length = 0;
    await h.send(u.telegramId, { text: "hello?" });
    const attempts = logLines.filter((line) => line.msg === "model call");
    expect(attempts.map(({ model, channel, outcome }) => ({ model, channel, outcome }))).toEqual([
      { model: "gpt-4o-mini", channel: "first", outcome: "failed" },
      { model: "gpt-4o-mini", channel: "second", outcome: "ok" },
    ]);
    expect(attempts.every((line) => typeof line.durationMs === "number")).toBe(true);
  });

  it("a 400 is the request's fault: no other channel is tried and the turn apologises", async () => {
    await addChannel("first", { url: one.url, apiKey: one.apiKey, priority: 0, serves: { "gpt-4o-mini": "one-mini" } });
    await addChannel("second", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    one.mode = "fail400";
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "hello?" });
    expect(lastText(u.telegramId)).toContain("Nothing was charged");
    expect(two.requests).toHaveLength(0);
  });

  it("a channel failing 3 times in a row cools down, is skipped, and is probed again after the cooldown", async () => {
    const first = await addChannel("first", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "gpt-4o-mini": "one-mini" },
    });
    await addChannel("second", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    one.mode = "fail500";
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 10_000 } });
    for (const text of ["one", "two", "three"]) await h.send(u.telegramId, { text });
    expect(chatRequests(one)).toHaveLength(3);
    const cooled = await channelRow(first.id);
    expect(cooled.consecutiveFailures).toBe(3);
    expect(cooled.cooldownUntil!.getTime()).toBeGreaterThan(Date.now() + clockOffset + 50_000);

    one.mode = "normal";
    await h.send(u.telegramId, { text: "four" });
    expect(chatRequests(one)).toHaveLength(3); // skipped while cooling down
    expect(lastText(u.telegramId)).toContain("Answer from channel two");

    clockOffset += 61_000;
    await h.send(u.telegramId, { text: "five" });
    expect(chatRequests(one)).toHaveLength(4); // probed, and it answers again
    expect(lastText(u.telegramId)).toContain("Answer from channel one");
    expect(await channelRow(first.id)).toMatchObject({ consecutiveFailures: 0, cooldownUntil: null });
  });

  it("an answer ends a run of failures another instance counted once this one has read it (within the health view's 2 s); a clean channel's answer writes nothing", async () => {
    const first = await addChannel("first", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "gpt-4o-mini": "one-mini" },
    });
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 10_000 } });
    await h.send(u.telegramId, { text: "one" });
    expect(lastText(u.telegramId)).toContain("Answer from channel one");
    // Another instance counts two failures in the row; this one's view is from before them.
    const db = await h.getDb();
    await db.update(channels).set({ consecutiveFailures: 2 }).where(eq(channels.id, first.id));
    await h.send(u.telegramId, { text: "two" });
    expect(lastText(u.telegramId)).toContain("Answer from channel one");
    expect(await channelRow(first.id)).toMatchObject({ consecutiveFailures: 2 });
    // Its view read again, the next answer ends the run.
    clockOffset += 3_000;
    await h.send(u.telegramId, { text: "three" });
    expect(await channelRow(first.id)).toMatchObject({ consecutiveFailures: 0, cooldownUntil: null });
  });

  it("half-open: with every channel of the model cooling, the turn still tries the least recently failed one; a recovered provider answers the next turn", async () => {
    const only = await addChannel("only", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "gpt-4o-mini": "one-mini" },
    });
    const other = await addChannel("other", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    one.mode = "fail500";
    two.mode = "fail500";
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 10_000 } });
    for (const text of ["one", "two", "three"]) await h.send(u.telegramId, { text });
    expect((await channelRow(only.id)).cooldownUntil).not.toBeNull();
    expect((await channelRow(other.id)).cooldownUntil).not.toBeNull();
    const [before1, before2] = [chatRequests(one).length, chatRequests(two).length];

    // Both cooling, the providers recovered: the channel that failed first is probed, and answers at once.
    two.mode = "normal";
    one.mode = "normal";
    clockOffset += 1_000;
    await h.send(u.telegramId, { text: "four" });
    expect(lastText(u.telegramId)).toContain("Answer from channel one");
    expect([chatRequests(one).length, chatRequests(two).length]).toEqual([before1 + 1, before2]);
    expect(await channelRow(only.id)).toMatchObject({ consecutiveFailures: 0, cooldownUntil: null });
    expect((await h.quotasOf(u.userId)).textTokens).toBe(10_000 - 17);
  });

  it("half-open: with every channel of the model cooling and the probe failing, the default channel (OPENAI_BASE_URL) answers by the catalogue's provider model id", async () => {
    const only = await addChannel("only", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "gpt-4o-mini": "one-mini" },
    });
    await (
      await h.getDb()
    )
      .update(channels)
      .set({ consecutiveFailures: 3, cooldownUntil: new Date(Date.now() + clockOffset + 60_000) })
      .where(eq(channels.id, only.id));
    one.mode = "fail500";
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "hello?" });
    expect(chatRequests(one)).toHaveLength(1);
    expect(chatRequests(h.ai).map((r) => r.model)).toEqual(["gpt-4o-mini"]);
    expect(lastText(u.telegramId)).toContain("Hello from the fake model");
    expect((await h.quotasOf(u.userId)).textTokens).toBe(1000 - 17);
  });

  it("a disabled channel is not tried", async () => {
    const first = await addChannel("first", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "gpt-4o-mini": "one-mini" },
    });
    await addChannel("second", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    await (await h.getDb()).update(channels).set({ enabled: false }).where(eq(channels.id, first.id));
    await bumpCatalogue();
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "hello?" });
    expect(one.requests).toHaveLength(0);
    expect(lastText(u.telegramId)).toContain("Answer from channel two");
  });

  it("a model no channel serves goes to the default channel (OPENAI_BASE_URL) by the catalogue's provider model id", async () => {
    await addChannel("first", { url: one.url, apiKey: one.apiKey, priority: 0, serves: { "gpt-4o": "one-4o" } });
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "hello?" });
    expect(one.requests).toHaveLength(0);
    expect(chatRequests(h.ai).map((r) => r.model)).toEqual(["gpt-4o-mini"]);
  });
});

describe("the fallback model", () => {
  it("answers a text turn when every channel of the model is down, says so, and is paid at its price", async () => {
    await addChannel("first", { url: one.url, apiKey: one.apiKey, priority: 0, serves: { "gpt-4o": "one-4o" } });
    await addChannel("second", {
      url: two.url,
      apiKey: two.apiKey,
      priority: 1,
      serves: { "gpt-4o-mini": "two-mini" },
    });
    await setFallback("gpt-4o", "gpt-4o-mini");
    const restore = await setPrice("gpt-4o-mini", "text", 3000); // 3 units a token
    one.mode = "fail500";
    try {
      const u = await h.chatUser({ modelName: "gpt-4o", action: "text", quota: { textTokens: 1000 } });
      await h.send(u.telegramId, { text: "hello?" });
      const text = lastText(u.telegramId);
      expect(text).toContain("Answer from channel two");
      expect(text).toContain("GPT\\-4o is unavailable right now, so GPT\\-4o mini answered, charged at its price\\.");
      expect(text).toContain("text units: 51, left: 949");
      expect(chatRequests(two).map((r) => r.model)).toEqual(["two-mini"]);
      expect((await h.quotasOf(u.userId)).textTokens).toBe(1000 - 17 * 3);
      // The history names the model that wrote the answer: the fallback.
      const [mini] = await (
        await h.getDb()
      )
        .select({ id: models.id })
        .from(models)
        .where(eq(models.modelName, "gpt-4o-mini"));
      const [saved] = await (
        await h.getDb()
      )
        .select({ modelId: dialogMessages.modelId })
        .from(dialogMessages)
        .orderBy(desc(dialogMessages.id))
        .limit(1);
      expect(saved.modelId).toBe(mini.id);
    } finally {
      await restore();
    }
  });

  it("answers a picture when the model's channels cool down, in the user's language, the difference in price taken", async () => {
    const first = await addChannel("first", {
      url: one.url,
      apiKey: one.apiKey,
      priority: 0,
      serves: { "dall-e-3": "one-dalle" },
    });
    await addChannel("second", { url: two.url, apiKey: two.apiKey, priority: 1, serves: { "flux-pro": "two-flux" } });
    await (
      await h.getDb()
    )
      .update(channels)
      .set({ consecutiveFailures: 3, cooldownUntil: new Date(Date.now() + clockOffset + 60_000) })
      .where(eq(channels.id, first.id));
    await setFallback("dall-e-3", "flux-pro");
    const restore = await setPrice("flux-pro", "text_to_image", 9);
    one.mode = "fail500";
    // The default channel, tried after the cooling one (half-open), is down too.
    h.ai.mode = "fail500";
    try {
      const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 30 } });
      await (await h.getDb()).execute(sql`update users set language = 'ru' where id = ${u.userId}`);
      await h.send(u.telegramId, { text: "a red fox" });
      // The cooling channel is probed once (half-open), still fails, so does the default channel, and
      // the fallback model draws.
      expect(one.requests).toHaveLength(1);
      expect(two.requests.map((r) => r.model)).toEqual(["two-flux"]);
      expect(h.mediaIn(u.telegramId)).toHaveLength(1);
      expect(h.textsIn(u.telegramId).at(-1)).toMatch(/^Модель DALL·E 3 сейчас недоступна, поэтому ответила FLUX Pro/);
      expect((await h.quotasOf(u.userId)).imageTokens).toBe(30 - 9);
      // The history names the fallback as the model that drew the picture.
      const [flux] = await (
        await h.getDb()
      )
        .select({ id: models.id })
        .from(models)
        .where(eq(models.modelName, "flux-pro"));
      const [saved] = await (
        await h.getDb()
      )
        .select({ modelId: dialogMessages.modelId })
        .from(dialogMessages)
        .orderBy(desc(dialogMessages.id))
        .limit(1);
      expect(saved.modelId).toBe(flux.id);
    } finally {
      h.ai.mode = "normal";
      await restore();
    }
  });

  it("is not used while a channel of the model answers; with none and no fallback the turn apologises", async () => {
    await addChannel("first", { url: one.url, apiKey: one.apiKey, priority: 0, serves: { "gpt-4o": "one-4o" } });
    const u = await h.chatUser({ modelName: "gpt-4o", action: "text", quota: { textTokens: 1000 } });
    one.mode = "fail500";
    await h.send(u.telegramId, { text: "hello?" });
    expect(lastText(u.telegramId)).toContain("Nothing was charged");
    expect((await h.quotasOf(u.userId)).textTokens).toBe(1000);
  });
});
