import { afterEach, describe, expect, it } from "vitest";
import { GET as stats } from "@/app/api/admin/stats/route";
import { getDb } from "@/db";
import { sql } from "drizzle-orm";
import { balanceLedger, channels, modelUsage, packages, payments, providerRequests, users } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { call } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-guards";

// Rows dated in 2031, far from every other test's, and a clock there: only these rows count.
const at = (day: number, hour = 12) => new Date(Date.UTC(2031, 0, day, hour));

async function seedBusiness() {
  const db = await getDb();
  const [a, b, c] = await db
    .insert(users)
    .values(
      [1, 2, 3].map((i) => ({ telegramId: 9_310_000 + i, referralCode: `STATS${i}`, createdAt: at(i === 1 ? 1 : 10) })),
    )
    .returning({ id: users.id });
  const paid = { kind: "tariff" as const, provider: "sandbox", expiresAt: at(30), status: "completed" as const };
  await db.insert(payments).values([
    { ...paid, userId: a.id, amountKopecks: 49_000, createdAt: at(9), appliedAt: at(9) },
    { ...paid, userId: b.id, amountKopecks: 14_900, createdAt: at(10), appliedAt: at(10) },
    { ...paid, userId: b.id, amountKopecks: 19_900, createdAt: at(10, 13), appliedAt: at(10, 13) },
    // Neither a refunded payment nor one still open is revenue.
    { ...paid, userId: c.id, amountKopecks: 100_000, createdAt: at(10), status: "refunded" },
    { ...paid, userId: c.id, amountKopecks: 100_000, createdAt: at(10), status: "pending" },
  ]);
  const spend = (
    userId: number,
    day: number,
    kind: "text_tokens" | "image_tokens",
    units: number,
    reason: "answer" | "image" | "giveback" | "grant",
    modelName: string | null,
  ) => ({ userId, createdAt: at(day), kind, units, balanceAfter: 0, reason, modelName });
  await db.insert(balanceLedger).values([
    spend(a.id, 9, "text_tokens", -1200, "answer", "gpt-4o"),
    spend(b.id, 10, "text_tokens", -300, "answer", "gpt-4o"),
    spend(b.id, 10, "image_tokens", -12, "image", "dall-e-3"),
    // A failed picture given back, and a grant: neither is spending.
    spend(b.id, 10, "image_tokens", 6, "giveback", "dall-e-3"),
    spend(c.id, 10, "text_tokens", 5000, "grant", null),
  ]);
  await db.insert(modelUsage).values([
    { userId: a.id, modelName: "gpt-4o", action: "text", quantity: 1200, costUsd: 0.012, createdAt: at(9) },
    { userId: b.id, modelName: "gpt-4o", action: "text", quantity: 300, costUsd: 0.003, createdAt: at(10) },
    { userId: b.id, modelName: "dall-e-3", action: "text_to_image", quantity: 1, costUsd: 0.04, createdAt: at(10) },
  ]);
}

const anyShare = { revenue_rub: expect.any(Number), margin_rub: expect.any(Number) };

describe("GET /api/admin/stats", () => {
  afterEach(() => setClockForTests());

  it("sums revenue, users, units and provider cost over the period, per day and per model", async () => {
    await expectOperatorOnly(stats, "GET", "/api/admin/stats");
    await seedBusiness();
    setClockForTests(() => at(10, 18).getTime());
    const res = await call(stats, "GET", "/api/admin/stats", { token: await operatorToken(), query: { days: 2 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      revenue_rub: 838,
      cost_rub: 0,
      margin_rub: 838,
      payments: 3,
      paying_users: 2,
      new_users: 2,
      active_users: 2,
      units_spent: { text_tokens: 1500, image_tokens: 6, audio_tokens: 0, file_tokens: 0, video_tokens: 0 },
      by_day: [
        {
          date: "2031-01-09",
          revenue_rub: 490,
          cost_rub: 0,
          margin_rub: 490,
          payments: 1,
          new_users: 0,
          active_users: 1,
        },
        {
          date: "2031-01-10",
          revenue_rub: 348,
          cost_rub: 0,
          margin_rub: 348,
          payments: 2,
          new_users: 2,
          active_users: 1,
        },
      ],
      by_model: [
        // Revenue shared by the units' list value: checked in the cost and margin test below.
        // Each with the catalogue's display name: the console shows no internal name alone.
        {
          model_name: "dall-e-3",
          display_name: "DALL·E 3",
          turns: 1,
          units: 6,
          provider_cost_usd: 0.04,
          cost_rub: 0,
          ...anyShare,
        },
        {
          model_name: "gpt-4o",
          display_name: "GPT-4o",
          turns: 2,
          units: 1500,
          provider_cost_usd: 0.015,
          cost_rub: 0,
          ...anyShare,
        },
      ],
      by_channel: [],
    });
    const one = await call(stats, "GET", "/api/admin/stats", { token: await operatorToken(), query: { days: 1 } });
    expect(one.body).toMatchObject({ revenue_rub: 348, payments: 2, by_day: [{ date: "2031-01-10" }] });
    expect((await call(stats, "GET", "/api/admin/stats", { token: await operatorToken() })).body.by_day).toHaveLength(
      30,
    );
  });

  it("shows cost and margin beside revenue, in total, per day, per model and per channel, cost equal to sums over the request log", async () => {
    const db = await getDb();
    const day = (d: number, hour = 12) => new Date(Date.UTC(2032, 1, d, hour));
    const [u] = await db
      .insert(users)
      .values({ telegramId: 9_320_001, referralCode: "COST1", createdAt: day(1) })
      .returning({ id: users.id });
    await db.insert(payments).values({
      userId: u.id,
      kind: "package",
      provider: "sandbox",
      expiresAt: day(28),
      status: "completed",
      amountKopecks: 50_000,
      createdAt: day(2),
      appliedAt: day(2),
    });
    const [channel] = await db
      .insert(channels)
      .values({ name: "stats-channel", baseUrl: "http://127.0.0.1:9/v1", apiKey: "sk-stats" })
      .returning({ id: channels.id });
    const call_ = (modelName: string, d: number, costRub: number, status = "ok", channelId: number | null = null) => ({
      userId: u.id,
      modelName,
      action: "text",
      status,
      costRub,
      channelId,
      createdAt: day(d),
    });
    await db.insert(providerRequests).values([
      call_("gpt-4o", 2, 1.25, "ok", channel.id),
      call_("gpt-4o", 3, 0.5),
      call_("gpt-4o", 3, 0, "failed", channel.id),
      call_("dall-e-3", 3, 3.333333, "ok", channel.id),
      // Before the period: not counted.
      call_("gpt-4o", 1, 100, "ok"),
    ]);
    const spend = (modelName: string, kind: "text_tokens" | "image_tokens", units: number, d: number) => ({
      userId: u.id,
      createdAt: day(d),
      kind,
      units: -units,
      balanceAfter: 0,
      reason: kind === "text_tokens" ? ("answer" as const) : ("image" as const),
      modelName,
    });
    await db
      .insert(balanceLedger)
      .values([spend("gpt-4o", "text_tokens", 1000, 2), spend("dall-e-3", "image_tokens", 2, 3)]);
    setClockForTests(() => day(3, 18).getTime());
    const res = await call(stats, "GET", "/api/admin/stats", { token: await operatorToken(), query: { days: 2 } });
    expect(res.status).toBe(200);
    const sumOver = async (where: ReturnType<typeof sql>) =>
      Number(
        (
          await db
            .select({ s: sql<string>`coalesce(sum(${providerRequests.costRub}), 0)` })
            .from(providerRequests)
            .where(where)
        )[0].s,
      );
    const inPeriod = sql`${providerRequests.createdAt} >= ${day(2, 0).toISOString()}`;
    const total = await sumOver(inPeriod);
    expect(res.body.cost_rub).toBeCloseTo(total, 2);
    expect(res.body.cost_rub).toBeCloseTo(5.08, 2);
    expect(res.body.margin_rub).toBeCloseTo(res.body.revenue_rub - total, 2);
    for (const d of res.body.by_day as { date: string; cost_rub: number; revenue_rub: number; margin_rub: number }[]) {
      const sumOfDay = await sumOver(sql`(${providerRequests.createdAt} at time zone 'UTC')::date = ${d.date}::date`);
      expect(d.cost_rub, d.date).toBeCloseTo(sumOfDay, 2);
      expect(d.margin_rub).toBeCloseTo(d.revenue_rub - sumOfDay, 2);
    }
    expect(res.body.by_day.map((d: { cost_rub: number }) => d.cost_rub)).toEqual([1.25, 3.83]);
    for (const m of res.body.by_model as { model_name: string; cost_rub: number }[])
      expect(m.cost_rub, m.model_name).toBeCloseTo(
        await sumOver(sql`${inPeriod} and ${providerRequests.modelName} = ${m.model_name}`),
        2,
      );
    expect(res.body.by_channel).toEqual([
      { channel_id: channel.id, name: "stats-channel", requests: 3, cost_rub: 4.58 },
      { channel_id: null, name: null, requests: 1, cost_rub: 0.5 },
    ]);
    for (const c of res.body.by_channel as { channel_id: number | null; cost_rub: number }[])
      expect(c.cost_rub).toBeCloseTo(
        await sumOver(
          c.channel_id === null
            ? sql`${inPeriod} and ${providerRequests.channelId} is null`
            : sql`${inPeriod} and ${providerRequests.channelId} = ${c.channel_id}`,
        ),
        2,
      );
    // Per model, the revenue (500 ₽) is shared by the list value of the units spent on each: a unit of a
    // kind at its packages' price per unit.
    const perUnit = async (kind: string) => {
      const [p] = await db
        .select({ kopecks: sql<string>`sum(${packages.priceKopecks})::float8 / sum(${packages.quotaAmount})` })
        .from(packages)
        .where(sql`${packages.packagePurpose} = ${kind} and ${packages.quotaAmount} > 0`);
      return Number(p.kopecks ?? 0);
    };
    const value = { "gpt-4o": 1000 * (await perUnit("text_tokens")), "dall-e-3": 2 * (await perUnit("image_tokens")) };
    const byModel = Object.fromEntries(
      (
        res.body.by_model as {
          model_name: "gpt-4o" | "dall-e-3";
          revenue_rub: number;
          cost_rub: number;
          margin_rub: number;
        }[]
      ).map((m) => [m.model_name, m]),
    );
    for (const name of ["gpt-4o", "dall-e-3"] as const) {
      const share = (500 * value[name]) / (value["gpt-4o"] + value["dall-e-3"]);
      expect(byModel[name].revenue_rub, name).toBeCloseTo(share, 2);
      const cost = await sumOver(sql`${inPeriod} and ${providerRequests.modelName} = ${name}`);
      expect(byModel[name].margin_rub, name).toBeCloseTo(share - cost, 2);
    }
    expect(byModel["gpt-4o"].revenue_rub + byModel["dall-e-3"].revenue_rub).toBeCloseTo(500, 1);
  });

  it("answers 400 for a bad period", async () => {
    const token = await operatorToken();
    for (const days of ["0", "367", "x", "1.5"])
      expect((await call(stats, "GET", "/api/admin/stats", { token, query: { days } })).status).toBe(400);
  });
});
