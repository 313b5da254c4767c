import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { balanceLedger, quotas } from "@/db/schema";
import { refundQuota, spendQuota } from "@/lib/server/quotas/spend";
import { ApiError } from "@/lib/server/http/api-error";
import { signIn } from "../../helpers/api";

async function setVideo(userId: number, value: number) {
  const db = await getDb();
  await db.update(quotas).set({ videoTokens: value }).where(eq(quotas.userId, userId));
}
async function video(userId: number) {
  const db = await getDb();
  const [row] = await db.select().from(quotas).where(eq(quotas.userId, userId));
  return row.videoTokens;
}

describe("spendQuota", () => {
  it("takes units and answers the remaining balance", async () => {
    const { userId } = await signIn();
    await setVideo(userId, 100);
    const db = await getDb();
    expect(await spendQuota({ db, userId, kind: "video_tokens", amount: 25 })).toEqual({ left: 75, fromPackage: 0 });
    expect(await video(userId)).toBe(75);
  });

  it("throws 402 payment_required when not enough is left, and changes nothing", async () => {
    const { userId } = await signIn();
    await setVideo(userId, 10);
    const db = await getDb();
    const error = await spendQuota({ db, userId, kind: "video_tokens", amount: 25 }).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(402);
    expect(await video(userId)).toBe(10);
  });

  it("10 concurrent spends of 1 when 3 remain: exactly 3 succeed and the balance ends at 0", async () => {
    const { userId } = await signIn();
    await setVideo(userId, 3);
    const db = await getDb();
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () => spendQuota({ db, userId, kind: "video_tokens", amount: 1 })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(rejected.every((r) => r.reason.status === 402)).toBe(true);
    expect(await video(userId)).toBe(0);
  });

  it("rejects a negative or fractional amount", async () => {
    const { userId } = await signIn();
    const db = await getDb();
    await expect(spendQuota({ db, userId, kind: "text_tokens", amount: -5 })).rejects.toMatchObject({ status: 400 });
    await expect(spendQuota({ db, userId, kind: "text_tokens", amount: 1.5 })).rejects.toMatchObject({ status: 400 });
  });
});

describe("refundQuota", () => {
  it("gives units back", async () => {
    const { userId } = await signIn();
    await setVideo(userId, 0);
    const db = await getDb();
    expect(await refundQuota({ db, userId, kind: "video_tokens", amount: 50, fromPackage: 0 })).toBe(50);
  });

  it("gives package units back to package units, so a refill cannot take them", async () => {
    const { userId } = await signIn();
    await setVideo(userId, 10);
    const db = await getDb();
    await db.update(quotas).set({ packageVideoTokens: 40 }).where(eq(quotas.userId, userId));
    const spent = await spendQuota({ db, userId, kind: "video_tokens", amount: 25 });
    expect(spent).toEqual({ left: 25, fromPackage: 15 });
    expect(await refundQuota({ db, userId, kind: "video_tokens", amount: 25, fromPackage: spent.fromPackage })).toBe(
      50,
    );
    const [row] = await db.select().from(quotas).where(eq(quotas.userId, userId));
    expect({ allowance: row.videoTokens, packageUnits: row.packageVideoTokens }).toEqual({
      allowance: 10,
      packageUnits: 40,
    });
    const ledger = await db
      .select()
      .from(balanceLedger)
      .where(eq(balanceLedger.userId, userId))
      .orderBy(balanceLedger.id);
    expect(ledger.slice(-2).map((r) => ({ units: r.units, packageUnits: r.packageUnits, reason: r.reason }))).toEqual([
      { units: -25, packageUnits: -15, reason: "video" },
      { units: 25, packageUnits: 15, reason: "giveback" },
    ]);
  });
});
