import { afterEach, describe, expect, it } from "vitest";
import { cataloguePackages, catalogueTariffs } from "@/db/catalogue";
import { getDb } from "@/db";
import { setClockForTests } from "@/lib/server/clock";
import { spendQuota } from "@/lib/server/quotas/spend";
import { signIn } from "../../helpers/api";
import { buyPackage, confirmSandbox, getStatistic, getUsage, setDay } from "../../helpers/billing";
import { buyStarter, starter } from "../../helpers/payments";

const free = catalogueTariffs.find((t) => t.name === "Free")!;
// The image units the "50 images" package adds (50 pictures at the catalogue price).
const PACK = cataloguePackages.find((p) => p.seedKey === "image-50")!.quotaAmount;

async function subscribeStarter(token: string, months = 1) {
  const res = await buyStarter(token, { months, calculated_price: starter.amountRub * months });
  expect(res.status).toBe(200);
  await confirmSandbox(res.body.payment_url);
}

afterEach(() => setClockForTests());

describe("allowance per 30-day step", () => {
  it("a 3-month tariff grants its allowance on purchase, again at day 30 and 60 (replacing what is left), and falls back to Free at day 90", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    await subscribeStarter(token, 3);
    const db = await getDb();
    await spendQuota({ db, userId, kind: "image_tokens", amount: 20 });
    expect((await getStatistic(token)).remaining_quotas.image_tokens).toBe(starter.imageBalance - 20);

    setDay(start, 29.9);
    expect((await getStatistic(token)).remaining_quotas.image_tokens).toBe(starter.imageBalance - 20);
    setDay(start, 30.01);
    expect((await getStatistic(token)).remaining_quotas.image_tokens).toBe(starter.imageBalance);
    await spendQuota({ db, userId, kind: "image_tokens", amount: 1 });
    // A spend is what notices the second refill (no read before it).
    setDay(start, 60.01);
    expect((await spendQuota({ db, userId, kind: "image_tokens", amount: 1 })).left).toBe(starter.imageBalance - 1);
    setDay(start, 90.01);
    const ended = await getStatistic(token);
    expect(ended.tariff_limits.image_tokens).toBe(free.imageBalance);
    expect(ended.remaining_quotas.image_tokens).toBe(free.imageBalance);
    expect(ended.remaining_quotas.text_tokens).toBe(free.tokenBalance);

    const reasons = (await getUsage(token, { page_size: 100 })).data
      .filter((r) => r.kind === "image_tokens")
      .map((r) => r.reason)
      .reverse();
    expect(reasons).toEqual(["grant", "tariff", "image", "refill", "image", "refill", "image", "expiry"]);
  });

  it("applies a due refill once when many requests notice it at the same time", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    await subscribeStarter(token, 2);
    const db = await getDb();
    await spendQuota({ db, userId, kind: "text_tokens", amount: 1000 });
    setDay(start, 31);
    await Promise.all(Array.from({ length: 6 }, () => getStatistic(token)));
    const refills = (await getUsage(token, { page_size: 100 })).data.filter((r) => r.reason === "refill");
    expect(refills.map((r) => r.kind)).toEqual(["text_tokens"]);
    expect(refills[0].units).toBe(1000);
  });

  it("extending the same tariff adds its days after the current end and resets nothing", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    await subscribeStarter(token);
    const db = await getDb();
    await spendQuota({ db, userId, kind: "image_tokens", amount: 10 });
    setDay(start, 10);
    await subscribeStarter(token);
    expect((await getStatistic(token)).remaining_quotas.image_tokens).toBe(starter.imageBalance - 10);
    // Day 30 starts the second step of the extended subscription, day 60 ends it.
    setDay(start, 45);
    expect((await getStatistic(token)).remaining_quotas.image_tokens).toBe(starter.imageBalance);
    setDay(start, 59);
    expect((await getStatistic(token)).tariff_limits.image_tokens).toBe(starter.imageBalance);
    setDay(start, 61);
    expect((await getStatistic(token)).tariff_limits.image_tokens).toBe(free.imageBalance);
  });
});

describe("package units", () => {
  it("stay across a tariff purchase, a refill and expiry, and are spent after the allowance", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    await buyPackage(token, "image-50");
    expect((await getStatistic(token)).package_quotas.image_tokens).toBe(PACK);
    await subscribeStarter(token);
    let stats = await getStatistic(token);
    expect(stats.remaining_quotas.image_tokens).toBe(starter.imageBalance + PACK);
    expect(stats.package_quotas.image_tokens).toBe(PACK);

    // Allowance first, then package units.
    const db = await getDb();
    expect(await spendQuota({ db, userId, kind: "image_tokens", amount: starter.imageBalance + 2 })).toEqual({
      left: PACK - 2,
      fromPackage: 2,
    });
    stats = await getStatistic(token);
    expect(stats.package_quotas.image_tokens).toBe(PACK - 2);
    expect(stats.remaining_quotas.image_tokens).toBe(PACK - 2);

    setDay(start, 31);
    stats = await getStatistic(token);
    expect(stats.tariff_limits.image_tokens).toBe(free.imageBalance);
    expect(stats.remaining_quotas.image_tokens).toBe(free.imageBalance + PACK - 2);
    expect(stats.package_quotas.image_tokens).toBe(PACK - 2);
  });

  it("reset restores the allowance to the tariff's full value and keeps package units", async () => {
    const { token, userId } = await signIn();
    await buyPackage(token, "image-50");
    const db = await getDb();
    await spendQuota({ db, userId, kind: "image_tokens", amount: free.imageBalance + 1 });
    await buyPackage(token, "reset");
    const stats = await getStatistic(token);
    expect(stats.remaining_quotas.image_tokens).toBe(free.imageBalance + PACK - 1);
    expect(stats.package_quotas.image_tokens).toBe(PACK - 1);
  });
});
