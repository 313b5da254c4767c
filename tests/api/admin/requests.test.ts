import { describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/admin/requests/route";
import { getDb } from "@/db";
import { providerRequests } from "@/db/schema";
import { pruneProviderRequests } from "@/lib/server/requests/log";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// The console's request log: filters by user, model, channel, status and dates, newest first, a page at a time.

const list = (token: string, query: Record<string, string | number> = {}) =>
  call(listRoute, "GET", "/api/admin/requests", { token, query });

const row = (extra: Partial<typeof providerRequests.$inferInsert>) => ({
  modelName: "gpt-4o-mini",
  action: "text",
  status: "ok",
  ...extra,
});

describe("GET /api/admin/requests", () => {
  it("lists a user's calls newest first with the issue's fields, filtered by model, channel, status and dates", async () => {
    const { userId } = await signIn();
    const { userId: other } = await signIn();
    const db = await getDb();
    await db.insert(providerRequests).values([
      row({
        userId,
        sessionId: 7,
        channelId: 1,
        tokensIn: 10,
        tokensOut: 5,
        latencyMs: 120,
        costRub: 0.25,
        createdAt: new Date("2026-06-01T10:00:00Z"),
      }),
      row({
        userId,
        channelId: 2,
        status: "failed",
        error: "InternalServerError",
        createdAt: new Date("2026-06-02T10:00:00Z"),
      }),
      row({
        userId,
        modelName: "dall-e-3",
        action: "image",
        units: 1,
        channelId: 2,
        createdAt: new Date("2026-06-03T10:00:00Z"),
      }),
      row({ userId: other, createdAt: new Date("2026-06-02T12:00:00Z") }),
    ]);
    const token = await operatorToken();
    const all = await list(token, { user_id: userId });
    expect(all.status).toBe(200);
    expect(all.body.has_more).toBe(false);
    expect(all.body.items.map((i: { model_name: string }) => i.model_name)).toEqual([
      "dall-e-3",
      "gpt-4o-mini",
      "gpt-4o-mini",
    ]);
    expect(all.body.items[2]).toEqual({
      id: expect.any(Number),
      created_at: "2026-06-01T10:00:00.000Z",
      user_id: userId,
      session_id: 7,
      model_name: "gpt-4o-mini",
      display_name: "GPT-4o mini",
      channel_id: 1,
      action: "text",
      tokens_in: 10,
      tokens_out: 5,
      units: 0,
      latency_ms: 120,
      status: "ok",
      error: null,
      cost_rub: 0.25,
    });
    const ids = async (query: Record<string, string | number>) =>
      (await list(token, { user_id: userId, ...query })).body.items.map(
        (i: { action: string; status: string }) => `${i.action}:${i.status}`,
      );
    expect(await ids({ model_name: "dall-e-3" })).toEqual(["image:ok"]);
    expect(await ids({ channel_id: 2 })).toEqual(["image:ok", "text:failed"]);
    expect(await ids({ status: "failed" })).toEqual(["text:failed"]);
    expect(await ids({ from: "2026-06-02", to: "2026-06-02" })).toEqual(["text:failed"]);
    expect(await ids({ from: "2026-06-02T11:00:00Z" })).toEqual(["image:ok"]);
    expect(await ids({ to: "2026-06-01" })).toEqual(["text:ok"]);
  });

  it("pages 50 rows at a time", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    await db.insert(providerRequests).values(Array.from({ length: 51 }, (_, i) => row({ userId, tokensIn: i })));
    const token = await operatorToken();
    const first = await list(token, { user_id: userId });
    expect(first.body.items).toHaveLength(50);
    expect(first.body.has_more).toBe(true);
    const second = await list(token, { user_id: userId, page: 2 });
    expect(second.body.items).toHaveLength(1);
    expect(second.body.has_more).toBe(false);
  });

  it("refuses bad filters with 400", async () => {
    const token = await operatorToken();
    const bad: Record<string, string | number>[] = [
      { user_id: "x" },
      { status: "weird" },
      { from: "soon" },
      { channel_id: 0 },
      { page: 0 },
      { from: "2026-06-03", to: "2026-06-01" },
    ];
    for (const query of bad) {
      const res = await list(token, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
    }
  });
});

describe("the request log's retention", () => {
  it("deletes the rows older than the days kept, and no others", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    const now = new Date("2026-07-31T00:00:00Z");
    await db
      .insert(providerRequests)
      .values([
        row({ userId, action: "old", createdAt: new Date("2026-06-30T23:59:59Z") }),
        row({ userId, action: "kept", createdAt: new Date("2026-07-01T00:00:01Z") }),
      ]);
    const { deleted } = await pruneProviderRequests({ db, keepDays: 30, now });
    expect(deleted).toBeGreaterThanOrEqual(1);
    const left = (await list(await operatorToken(), { user_id: userId })).body.items.map(
      (i: { action: string }) => i.action,
    );
    expect(left).toEqual(["kept"]);
  });
});
