import { and, eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as stats } from "@/app/api/admin/stats/route";
import { getDb } from "@/db";
import { balanceLedger, packages, payments } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { refundPayment } from "@/lib/server/payments/refund";
import { refundQuota, spendQuota } from "@/lib/server/quotas/spend";
import { unitsSpentSince } from "@/lib/server/quotas/spent";
import { QUOTA_KEYS } from "@/lib/shared/quota-kinds";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { buyPackage, getUsage } from "../../helpers/billing";

// The dashboard's units spent are what answers and jobs really took: spends less failed jobs'
// give-backs; a payment refund, a grant or a package is not spending (docs/product/console.md).

afterEach(() => setClockForTests());

describe("ledger reasons and the dashboard's units spent", () => {
  it("books a failed job's units as giveback and a payment refund as refund; the dashboard and the metric count only real spend, equal to the ledger's sums", async () => {
    // A day of its own, far from other tests' rows.
    const day = Date.UTC(2032, 5, 1, 12);
    setClockForTests(() => day);
    const db = await getDb();
    const { token, userId } = await signIn();
    // A real answer and a real picture.
    await spendQuota({ db, userId, kind: "text_tokens", amount: 1000, refs: { modelName: "gpt-4o" } });
    await spendQuota({ db, userId, kind: "image_tokens", amount: 6, refs: { modelName: "dall-e-3" } });
    // A transcription reserved and failed: given back.
    const reserved = await spendQuota({
      db,
      userId,
      kind: "audio_tokens",
      amount: 22,
      refs: { modelName: "whisper-1" },
    });
    await refundQuota({
      db,
      userId,
      kind: "audio_tokens",
      amount: 22,
      fromPackage: reserved.fromPackage,
      refs: { modelName: "whisper-1" },
    });
    // A package bought and refunded: not spending.
    await buyPackage(token, "image-50");
    const [pkg] = await db.select().from(packages).where(eq(packages.seedKey, "image-50"));
    const [payment] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.packageId, pkg.id)));
    await refundPayment({ db, paymentId: payment.id, reason: "test" });

    const reasons = (await getUsage(token, { page_size: 100 })).data.map((r) => `${r.kind}:${r.reason}`);
    expect(reasons).toContain("audio_tokens:giveback");
    expect(reasons).toContain("image_tokens:refund");
    expect(reasons).not.toContain("audio_tokens:refund");

    const res = await call(stats, "GET", "/api/admin/stats", { token: await operatorToken(), query: { days: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.units_spent).toEqual({
      text_tokens: 1000,
      image_tokens: 6,
      audio_tokens: 0,
      file_tokens: 0,
      video_tokens: 0,
    });
    // The same figures as sums over the ledger: spends and give-backs of the day, negated.
    const sums = await db
      .select({ kind: balanceLedger.kind, spent: sql<number>`-sum(${balanceLedger.units})`.mapWith(Number) })
      .from(balanceLedger)
      .where(
        and(
          inArray(balanceLedger.reason, ["answer", "image", "audio", "document", "video", "giveback"]),
          sql`${balanceLedger.createdAt} >= ${new Date(day - 12 * 3_600_000).toISOString()}::timestamptz`,
        ),
      )
      .groupBy(balanceLedger.kind);
    for (const kind of QUOTA_KEYS)
      expect(res.body.units_spent[kind]).toBe(sums.find((s) => s.kind === kind)?.spent ?? 0);
    // The spend metric reads the same rule over the whole ledger: this user's share is the same.
    const all = await unitsSpentSince({ db, userId });
    expect(all).toMatchObject({ text_tokens: 1000, image_tokens: 6, audio_tokens: 0 });
  });
});
