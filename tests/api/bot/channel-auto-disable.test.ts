import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminAudit, botOutbox, catalogueVersion, channelModels, channels } from "@/db/schema"; // schema reads no settings
import { startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai";
import { botHarnessForFile } from "./harness";

// A channel failing CHANNEL_DISABLE_FAILURES calls within one window is disabled by the app, and a
// probe that answers enables it again (docs/decisions/0502-channels-disabled-and-probed.md): each
// change is audited (operator 0, the app) and told to every owner by the bot (the loopback Bot API
// fake here), in Russian to an owner who is no user of the app. Time is a fake clock, moved instead of
// waited for.
const OWNER = 424_242_001;
const h = botHarnessForFile({
  ADMIN_TELEGRAM_IDS: String(OWNER),
  AI_CHANNEL_FIRST_TOKEN_SECONDS: "0.3",
  AI_CHANNEL_RESULT_SECONDS: "0.3",
  CHANNEL_DISABLE_FAILURES: "3",
  CHANNEL_DISABLE_WINDOW_SECONDS: "300",
});
let one: FakeOpenAi;
// A clock at the start of a 300 s window (windows are whole multiples of their length since the epoch).
let clock = Math.ceil(Date.now() / 300_000) * 300_000 + 1_000;

beforeAll(async () => {
  one = await startFakeOpenAi({ apiKey: "sk-one-0001" });
  (await import("@/lib/server/clock")).setClockForTests(() => clock);
});
afterAll(async () => {
  (await import("@/lib/server/clock")).setClockForTests();
  await one.close();
});
beforeEach(async () => {
  one.mode = "normal";
  const db = await h.getDb();
  await db.delete(channels);
  await db.delete(botOutbox);
  clock += 3_600_000; // a fresh window, and past any alert's dedupe window
});

/** A catalogue change every instance sees: the version moves and the cache's recheck interval passes. */
async function bumpCatalogue() {
  await (await h.getDb()).update(catalogueVersion).set({ version: sql`${catalogueVersion.version} + 1` });
  clock += 3_000;
}

async function addChannel(name: string) {
  const db = await h.getDb();
  const [row] = await db.insert(channels).values({ name, baseUrl: one.url, apiKey: one.apiKey }).returning();
  await db.insert(channelModels).values({ channelId: row.id, modelName: "gpt-4o-mini", providerModelId: "one-mini" });
  await bumpCatalogue();
  return row;
}

const channelRow = async (id: number) =>
  (await (await h.getDb()).select().from(channels).where(eq(channels.id, id)))[0];
const auditOf = async (id: number) =>
  (await h.getDb())
    .select()
    .from(adminAudit)
    .where(and(eq(adminAudit.target, `channel:${id}`)))
    .orderBy(desc(adminAudit.id));

let seen = 0;
/** Delivers the outbox through the Bot API fake and answers what the owner's chat received since the last look. */
async function ownerReceived(): Promise<string[]> {
  const { deliverOutbox } = await import("@/lib/server/bot/outbox");
  const { telegramApi } = await import("@/lib/server/bot/telegram-api");
  await deliverOutbox({
    db: await h.getDb(),
    client: telegramApi({ token: process.env.BOT_TOKEN!, apiRoot: h.bot.url }),
  });
  const texts = h.bot.sent.filter((m) => m.chat_id === OWNER).map((m) => m.text);
  return texts.slice(seen, (seen = texts.length));
}

async function failingTurns(n: number) {
  one.mode = "fail500";
  const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
  for (let i = 0; i < n; i++) {
    await h.send(u.telegramId, { text: `hello ${i}?` });
    clock += 1_000;
  }
}

describe("a channel failing too often", () => {
  it("is disabled at the 3rd failure in the window, audited, and every owner is told by the bot; a probe that answers enables it again with a notice", async () => {
    const channel = await addChannel("flaky");
    await failingTurns(2);
    expect((await channelRow(channel.id)).enabled).toBe(true);
    await failingTurns(1);
    const disabled = await channelRow(channel.id);
    expect(disabled.enabled).toBe(false);
    expect(disabled.autoDisabledAt).not.toBeNull();
    const [audit] = await auditOf(channel.id);
    expect(audit).toMatchObject({ action: "channel.auto_disable", operatorTelegramId: 0 });
    expect(audit.before).toMatchObject({ enabled: true });
    expect(audit.after).toMatchObject({ enabled: false });
    const texts = await ownerReceived();
    expect(texts).toEqual([
      "⚠️ Канал «flaky» отключён: 3 неудачных вызова за 5 мин. Он включится снова, когда проверка пройдёт.",
      "⚠️ У модели gpt-4o-mini не осталось работающих каналов: все её каналы отключены.",
    ]);

    // A probe while the provider still fails changes nothing.
    const { probeDisabledChannels } = await import("@/lib/server/channels/auto-disable");
    const db = await h.getDb();
    expect(await probeDisabledChannels(db)).toEqual({ probed: 1, enabled: 0 });
    expect((await channelRow(channel.id)).enabled).toBe(false);

    one.mode = "normal";
    expect(await probeDisabledChannels(db)).toEqual({ probed: 1, enabled: 1 });
    const enabled = await channelRow(channel.id);
    expect(enabled).toMatchObject({ enabled: true, autoDisabledAt: null, consecutiveFailures: 0 });
    const [reenabled] = await auditOf(channel.id);
    expect(reenabled).toMatchObject({ action: "channel.auto_enable", operatorTelegramId: 0 });
    expect(await ownerReceived()).toEqual(["✅ Канал «flaky» прошёл проверку и снова включён."]);
    expect(await probeDisabledChannels(db)).toEqual({ probed: 0, enabled: 0 });
  });

  it("is not disabled by failures spread over two windows, and a channel an operator disabled is never probed", async () => {
    const channel = await addChannel("slow-failing");
    await failingTurns(2);
    clock += 300_000;
    await failingTurns(2);
    expect((await channelRow(channel.id)).enabled).toBe(true);
    expect(await auditOf(channel.id)).toHaveLength(0);
    const db = await h.getDb();
    await db.update(channels).set({ enabled: false }).where(eq(channels.id, channel.id));
    const { probeDisabledChannels } = await import("@/lib/server/channels/auto-disable");
    expect(await probeDisabledChannels(db)).toEqual({ probed: 0, enabled: 0 });
    expect(await ownerReceived()).toEqual([]);
  });
});
