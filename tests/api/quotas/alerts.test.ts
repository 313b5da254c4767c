import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { defaultActionCost } from "@/lib/shared/pricing/job-price";
import { spendQuota } from "@/lib/server/quotas/spend";
import { signIn } from "../../helpers/api";
import { confirmSandbox, setDay } from "../../helpers/billing";
import { buyStarter, starter } from "../../helpers/payments";

afterEach(() => setClockForTests());

// Starter grants 50 pictures: the amounts below are pictures, each its default price in image units.
const PICTURE = defaultActionCost("text_to_image").units;

async function starterUser({ allowsWrite = true, language = "ru" } = {}) {
  const { token, userId } = await signIn();
  const db = await getDb();
  await db.update(users).set({ allowsWriteToPm: allowsWrite, language }).where(eq(users.id, userId));
  await confirmSandbox(
    (await buyStarter(token, { months: 2, calculated_price: starter.amountRub * 2 })).body.payment_url,
  );
  return { db, userId };
}
const alertsOf = async (userId: number) => {
  const db = await getDb();
  return (
    await db.select({ text: botOutbox.text }).from(botOutbox).where(eq(botOutbox.userId, userId)).orderBy(botOutbox.id)
  ).map((r) => r.text);
};

describe("balance alerts", () => {
  it("tells the user once per threshold (50, 25, 10 %) in a 30-day step, in their language, with the way up", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { db, userId } = await starterUser({ language: "en" });
    const spend = (pictures: number) => spendQuota({ db, userId, kind: "image_tokens", amount: pictures * PICTURE });
    expect(starter.imageBalance).toBe(50 * PICTURE);
    await spend(20); // 30 left: 60 %
    expect(await alertsOf(userId)).toEqual([]);
    await spend(6); // 24: below 50 %
    await spend(1); // 23: no new threshold
    await spend(12); // 11: below 25 %
    await spend(7); // 4: below 10 %
    await spend(1);
    const texts = await alertsOf(userId);
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain(
      `Less than 50% of this month's image allowance is left: ${24 * PICTURE} of ${50 * PICTURE}`,
    );
    expect(texts[1]).toContain("25%");
    expect(texts[2]).toContain("10%");
    expect(texts[0]).toMatch(/#\/tariff/);
    expect(texts[0]).toMatch(/#\/PackStorePage/);

    // A new step starts the count again; a drop past several thresholds tells only the lowest.
    setDay(start, 31);
    await spend(46);
    const after = await alertsOf(userId);
    expect(after).toHaveLength(4);
    expect(after[3]).toContain("10%");
  });

  it("concurrent spends across a threshold alert once; a user who did not allow the bot to write gets nothing", async () => {
    const { db, userId } = await starterUser();
    await Promise.all(
      Array.from({ length: 6 }, () => spendQuota({ db, userId, kind: "image_tokens", amount: 5 * PICTURE })),
    );
    const texts = await alertsOf(userId);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toContain("Осталось меньше 50%");

    const silent = await starterUser({ allowsWrite: false });
    await spendQuota({ db, userId: silent.userId, kind: "image_tokens", amount: 49 * PICTURE });
    expect(await alertsOf(silent.userId)).toEqual([]);
  });
});
