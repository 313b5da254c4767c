import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listRoute, POST as createRoute } from "@/app/api/admin/channels/route";
import { DELETE as deleteRoute, PATCH as patchRoute } from "@/app/api/admin/channels/[id]/route";
import { getDb } from "@/db";
import { adminAudit, channelModels, channels } from "@/db/schema";
import { env } from "@/lib/env";
import { setClockForTests } from "@/lib/server/clock";
import { markChannelFailed } from "@/lib/server/channels/route";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// The console's channel calls: operators only, every change audited, the key never answered in full.

const KEY = "sk-live-abcdefghijklmnop1234";
let n = 0;
const channelBody = (extra: Record<string, unknown> = {}) => ({
  name: `channel ${++n}`,
  base_url: "https://llm.example.com/v1",
  api_key: KEY,
  priority: 5,
  enabled: true,
  models: [{ model_name: "gpt-4o-mini", provider_model_id: "openai/gpt-4o-mini" }],
  ...extra,
});

const create = (token: string | undefined, body: unknown) =>
  call(createRoute, "POST", "/api/admin/channels", { token, body });
const patch = (token: string | undefined, id: number | string, body: unknown) =>
  call(patchRoute, "PATCH", "/api/admin/channels/{id}", { token, params: { id: String(id) }, body });
const remove = (token: string | undefined, id: number | string) =>
  call(deleteRoute, "DELETE", "/api/admin/channels/{id}", { token, params: { id: String(id) } });
const list = (token?: string) => call(listRoute, "GET", "/api/admin/channels", { token });

const auditRows = async (target: string) =>
  (await getDb()).select().from(adminAudit).where(eq(adminAudit.target, target));
const channelCount = async () => (await (await getDb()).select({ n: count() }).from(channels))[0].n;

describe("POST /api/admin/channels", () => {
  it("creates a channel with its models, answers the key masked and audits the change without the key", async () => {
    const token = await operatorToken();
    const res = await create(token, channelBody({ name: "OpenRouter" }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: "OpenRouter",
      base_url: "https://llm.example.com/v1",
      api_key: "sk-…1234",
      priority: 5,
      enabled: true,
      models: [{ model_name: "gpt-4o-mini", provider_model_id: "openai/gpt-4o-mini" }],
      consecutive_failures: 0,
      cooldown_until: null,
      cooling_down: false,
      weight: 1,
      prices: {},
    });
    const [row] = await (await getDb()).select().from(channels).where(eq(channels.id, res.body.id));
    expect(row.apiKey).toBe(KEY);
    const [audit] = await auditRows(`channel:${res.body.id}`);
    expect(audit).toMatchObject({ action: "channel.create", before: null });
    expect(JSON.stringify(audit.after)).not.toContain("abcdefghijklmnop");
    expect(JSON.stringify(await list(token))).not.toContain("abcdefghijklmnop");
  });

  it("answers 400 for bad input and 409 for a taken name, changing nothing", async () => {
    const token = await operatorToken();
    const taken = channelBody();
    expect((await create(token, taken)).status).toBe(200);
    const before = await channelCount();
    const bad = [
      channelBody({ base_url: "ftp://llm.example.com" }),
      channelBody({ base_url: "not a url" }),
      channelBody({ api_key: "" }),
      channelBody({ priority: -1 }),
      channelBody({ priority: "1" }),
      channelBody({ models: [{ model_name: "no-such-model", provider_model_id: "x" }] }),
      channelBody({
        models: [
          { model_name: "gpt-4o", provider_model_id: "a" },
          { model_name: "gpt-4o", provider_model_id: "b" },
        ],
      }),
      channelBody({ surprise: true }),
      { name: "only a name" },
    ];
    for (const body of bad) expect((await create(token, body)).status, JSON.stringify(body)).toBe(400);
    expect((await create(token, { ...channelBody(), name: taken.name })).status).toBe(409);
    expect(await channelCount()).toBe(before);
  });
});

describe("GET /api/admin/channels", () => {
  it("lists channels by priority with their cooldown state", async () => {
    const token = await operatorToken();
    const late = (await create(token, channelBody({ priority: 900 }))).body;
    const early = (await create(token, channelBody({ priority: 1 }))).body;
    const at = Date.parse("2030-01-01T00:00:00Z");
    setClockForTests(() => at);
    try {
      for (let i = 0; i < 3; i++) await markChannelFailed(await getDb(), late.id);
      const items = (await list(token)).body.items as {
        id: number;
        cooling_down: boolean;
        consecutive_failures: number;
        cooldown_until: string | null;
      }[];
      const ids = items.map((c) => c.id);
      expect(ids.indexOf(early.id)).toBeLessThan(ids.indexOf(late.id));
      expect(items.find((c) => c.id === late.id)).toMatchObject({
        consecutive_failures: 3,
        cooling_down: true,
        cooldown_until: new Date(at + env.AI_CHANNEL_COOLDOWN_SECONDS * 1000).toISOString(),
      });
    } finally {
      setClockForTests();
    }
  });
});

describe("PATCH /api/admin/channels/{id}", () => {
  it("changes only the fields given, keeps the key without api_key, replaces the models, audits before and after", async () => {
    const token = await operatorToken();
    const made = (await create(token, channelBody())).body;
    const res = await patch(token, made.id, {
      priority: 7,
      enabled: false,
      models: [{ model_name: "gpt-4o", provider_model_id: "gpt-4o-2024" }],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: made.name,
      priority: 7,
      enabled: false,
      api_key: "sk-…1234",
      models: [{ model_name: "gpt-4o", provider_model_id: "gpt-4o-2024" }],
    });
    const db = await getDb();
    expect((await db.select().from(channels).where(eq(channels.id, made.id)))[0].apiKey).toBe(KEY);
    const rekeyed = await patch(token, made.id, { api_key: "sk-other-key-99998888" });
    expect(rekeyed.body.api_key).toBe("sk-…8888");
    const audits = await auditRows(`channel:${made.id}`);
    expect(audits.map((a) => a.action)).toEqual(["channel.create", "channel.update", "channel.update"]);
    expect(audits[1]).toMatchObject({ before: { priority: 5, enabled: true }, after: { priority: 7, enabled: false } });
    expect(JSON.stringify(audits)).not.toContain("other-key");
  });

  it("answers 404 for an unknown channel, 400 for bad input, and changes nothing", async () => {
    const token = await operatorToken();
    const made = (await create(token, channelBody())).body;
    expect((await patch(token, 2_000_000_000, { priority: 1 })).status).toBe(404);
    expect((await patch(token, "abc", { priority: 1 })).status).toBe(400);
    for (const body of [
      { priority: "high" },
      { base_url: "javascript:alert(1)" },
      { models: [{ model_name: "no-such-model", provider_model_id: "x" }] },
      { api_key: "" },
      { weight: 0 },
      { weight: 1.5 },
      { prices: { in_per_1k: -1 } },
      { prices: { per_token: 1 } },
    ]) {
      expect((await patch(token, made.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    const [row] = await (await getDb()).select().from(channels).where(eq(channels.id, made.id));
    expect(row).toMatchObject({ priority: 5, baseUrl: "https://llm.example.com/v1", apiKey: KEY });
    expect(await auditRows(`channel:${made.id}`)).toHaveLength(1);
  });
});

describe("a channel's weight and prices", () => {
  it("are taken on creation, changed by PATCH (prices replaced whole) and answered", async () => {
    const token = await operatorToken();
    const prices = { in_per_1k: 0.15, out_per_1k: 0.6, per_image: 4 };
    const made = await create(token, channelBody({ weight: 3, prices }));
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ weight: 3, prices });
    const changed = await patch(token, made.body.id, {
      weight: 1,
      prices: { per_audio_minute: 0.5, per_video_second: 2 },
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ weight: 1, prices: { per_audio_minute: 0.5, per_video_second: 2 } });
    expect(changed.body.prices).not.toHaveProperty("in_per_1k");
    const [row] = await (await getDb()).select().from(channels).where(eq(channels.id, made.body.id));
    expect(row).toMatchObject({ weight: 1, prices: { per_audio_minute: 0.5, per_video_second: 2 } });
  });
});

describe("DELETE /api/admin/channels/{id}", () => {
  it("removes the channel and its models, audited; a second delete is a 404", async () => {
    const token = await operatorToken();
    const made = (await create(token, channelBody())).body;
    expect((await remove(token, made.id)).body).toEqual({ deleted: true });
    const db = await getDb();
    expect(await db.select().from(channelModels).where(eq(channelModels.channelId, made.id))).toHaveLength(0);
    expect((await remove(token, made.id)).status).toBe(404);
    expect((await auditRows(`channel:${made.id}`)).map((a) => a.action)).toEqual(["channel.create", "channel.delete"]);
  });
});

describe("who may call", () => {
  it("401 without a token or with a mini-app token, 403 for an operator no longer allowed; nothing changes", async () => {
    const before = await channelCount();
    const { token: miniApp } = await signIn();
    for (const token of [undefined, miniApp]) {
      expect((await list(token)).status).toBe(401);
      expect((await create(token, channelBody())).status).toBe(401);
      expect((await patch(token, 1, { priority: 1 })).status).toBe(401);
      expect((await remove(token, 1)).status).toBe(401);
    }
    const token = await operatorToken();
    env.APP_MODE = "production"; // the demo operator is one only in demo mode
    try {
      expect((await list(token)).status).toBe(403);
      expect((await create(token, channelBody())).status).toBe(403);
    } finally {
      env.APP_MODE = "demo";
    }
    expect(await channelCount()).toBe(before);
  });
});

describe("the route a model call takes", () => {
  it("shares 40 calls over two channels of one priority weighted 3:1 about 30:10, the other one next", async () => {
    const token = await operatorToken();
    const db = await getDb();
    const { channelsFor } = await import("@/lib/server/channels/route");
    const serves = { models: [{ model_name: "gpt-4o", provider_model_id: "4o" }] };
    const heavy = await create(token, channelBody({ name: "weighted three", priority: 0, weight: 3, ...serves }));
    const light = await create(token, channelBody({ name: "weighted one", priority: 0, weight: 1, ...serves }));
    const firsts = { [heavy.body.id]: 0, [light.body.id]: 0 };
    for (let turn = 0; turn < 40; turn++) {
      const targets = (await channelsFor(db, "gpt-4o")).targets;
      expect(targets).toHaveLength(2);
      firsts[targets[0].id!]++;
    }
    // Random draws: 40 of them land within a few of 30:10 (P(outside 20..39) < 0.1 %).
    expect(firsts[heavy.body.id]).toBeGreaterThanOrEqual(20);
    expect(firsts[heavy.body.id]).toBeLessThanOrEqual(39);
    expect(firsts[heavy.body.id] + firsts[light.body.id]).toBe(40);
    await remove(token, heavy.body.id);
    await remove(token, light.body.id);
  });

  it("follows each console change at once on this instance: a new channel, a priority, a disabled one, a deleted one", async () => {
    const token = await operatorToken();
    const db = await getDb();
    const { channelsFor } = await import("@/lib/server/channels/route");
    const targetsOf = async () => (await channelsFor(db, "gpt-4o")).targets.map((t) => t.name);
    const serves = { models: [{ model_name: "gpt-4o", provider_model_id: "4o" }] };
    expect((await channelsFor(db, "gpt-4o")).targets.every((t) => t.id === null)).toBe(true); // the default channel only
    const first = await create(token, channelBody({ name: "route one", priority: 1, ...serves }));
    const second = await create(token, channelBody({ name: "route two", priority: 2, ...serves }));
    expect(await targetsOf()).toEqual(["route one", "route two"]);
    await patch(token, second.body.id, { priority: 0 });
    expect(await targetsOf()).toEqual(["route two", "route one"]);
    await patch(token, second.body.id, { enabled: false });
    expect(await targetsOf()).toEqual(["route one"]);
    await remove(token, first.body.id);
    await remove(token, second.body.id);
    expect((await channelsFor(db, "gpt-4o")).targets.every((t) => t.id === null)).toBe(true);
  });

  it("skips a channel this instance cooled down at once, and one another instance cooled down within the recheck interval", async () => {
    const token = await operatorToken();
    const db = await getDb();
    const { channelsFor } = await import("@/lib/server/channels/route");
    const { RECHECK_MS } = await import("@/lib/server/catalogue/cache");
    const targetsOf = async () => (await channelsFor(db, "deepseek-chat")).targets.map((t) => t.name);
    const serves = { models: [{ model_name: "deepseek-chat", provider_model_id: "ds" }] };
    const mine = await create(token, channelBody({ name: "cooled here", priority: 1, ...serves }));
    const theirs = await create(token, channelBody({ name: "cooled there", priority: 2, ...serves }));
    expect(await targetsOf()).toEqual(["cooled here", "cooled there"]);
    for (let i = 0; i < 3; i++) await markChannelFailed(db, mine.body.id);
    expect(await targetsOf()).toEqual(["cooled there"]);
    // Another instance's cooldown reaches this one through the row, at its next recheck.
    const start = Date.now();
    try {
      setClockForTests(() => start);
      await db
        .update(channels)
        .set({ consecutiveFailures: 3, cooldownUntil: new Date(start + 60_000) })
        .where(eq(channels.id, theirs.body.id));
      setClockForTests(() => start + RECHECK_MS);
      // Both cooling now: only the one whose cooldown ends first is still tried (half-open, decision 0464).
      expect(await targetsOf()).toEqual(["cooled here"]);
    } finally {
      setClockForTests();
      await remove(token, mine.body.id);
      await remove(token, theirs.body.id);
    }
  });
});
