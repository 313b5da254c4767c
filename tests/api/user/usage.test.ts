import { describe, expect, it } from "vitest";
import { GET as usage } from "@/app/api/user/usage/route";
import { catalogueTariffs } from "@/db/catalogue";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { balanceLedger } from "@/db/schema";
import { failJob, reserveJob } from "@/lib/server/video/jobs";
import { refundQuota, spendQuota } from "@/lib/server/quotas/spend";
import { call, signIn } from "../../helpers/api";
import { buyPackage, getUsage } from "../../helpers/billing";

const free = catalogueTariffs.find((t) => t.name === "Free")!;

describe("GET /api/user/usage", () => {
  it("lists the caller's balance changes newest first: the sign-up grant, a package, a spend and its refund, with the balance after each", async () => {
    const { token, userId } = await signIn();
    await buyPackage(token, "text-500k");
    const db = await getDb();
    await spendQuota({ db, userId, kind: "text_tokens", amount: 300, refs: { modelName: "gpt-4o", action: "text" } });
    await refundQuota({ db, userId, kind: "text_tokens", amount: 300, fromPackage: 0 });

    const page = await getUsage(token);
    const text = page.data.filter((r) => r.kind === "text_tokens");
    expect(text.map((r) => [r.reason, r.units, r.balance_after])).toEqual([
      ["giveback", 300, free.tokenBalance + 500_000],
      ["answer", -300, free.tokenBalance + 500_000 - 300],
      ["package", 500_000, free.tokenBalance + 500_000],
      ["grant", free.tokenBalance, free.tokenBalance],
    ]);
    expect(text[1].model_name).toBe("gpt-4o");
    // What a person reads is the catalogue's display name.
    expect(text[1].model_display_name).toBe("GPT-4o");
    // One grant row per kind Free gives (video: none).
    expect(
      page.data
        .filter((r) => r.reason === "grant")
        .map((r) => r.kind)
        .sort(),
    ).toEqual(["audio_tokens", "file_tokens", "image_tokens", "text_tokens"]);
    expect(page.pagination).toEqual({ hasNextPage: false, currentPage: 1, totalPages: 1 });
  });

  it("writes a video job's reservation and its refund with the job, model and action", async () => {
    const { token, userId } = await signIn();
    const db = await getDb();
    await buyPackage(token, "video-100");
    const fields = {
      prompt: "a cat",
      model_name: "gen4_turbo",
      action: "text_to_video",
      format_key: "16:9",
      duration: 5,
    } as const;
    const { job } = await reserveJob({ db, userId, idempotencyKey: crypto.randomUUID(), fields, cost: 4 });
    await failJob({ db, jobId: job.id, error: "provider down" });
    const [refund, spend] = (await getUsage(token)).data;
    expect(spend).toMatchObject({ reason: "video", kind: "video_tokens", units: -4, model_name: "gen4_turbo" });
    expect(spend.model_display_name).not.toBe("gen4_turbo");
    expect(refund).toMatchObject({ reason: "giveback", kind: "video_tokens", units: 4, model_name: "gen4_turbo" });
    const rows = await db.select().from(balanceLedger).where(eq(balanceLedger.userId, userId));
    expect(
      rows
        .filter((r) => r.kind === "video_tokens" && r.reason !== "package")
        .every((r) => r.videoJobId === job.id && r.action === "text_to_video"),
    ).toBe(true);
  });

  it("never lists another user's rows", async () => {
    const a = await signIn();
    const b = await signIn();
    const db = await getDb();
    await spendQuota({ db, userId: b.userId, kind: "image_tokens", amount: 1 });
    const rowsOfA = (await getUsage(a.token)).data;
    expect(rowsOfA.some((r) => r.reason === "image")).toBe(false);
    expect((await getUsage(b.token)).data.some((r) => r.reason === "image")).toBe(true);
  });

  it("pages without overlap", async () => {
    const { token } = await signIn();
    const first = await getUsage(token, { page: 1, page_size: 3 });
    const second = await getUsage(token, { page: 2, page_size: 3 });
    expect(first.data).toHaveLength(3);
    expect(first.pagination).toEqual({ hasNextPage: true, currentPage: 1, totalPages: 2 });
    expect(second.data).toHaveLength(1);
    expect(second.pagination.hasNextPage).toBe(false);
    expect(new Set([...first.data, ...second.data].map((r) => r.id)).size).toBe(4);
  });

  it("answers 400 for a bad page or page size and 401 without a token", async () => {
    const { token } = await signIn();
    const queries: Record<string, string | number>[] = [
      { page: 0 },
      { page_size: 0 },
      { page_size: 101 },
      { page: "x" },
    ];
    for (const query of queries) {
      const res = await call(usage, "GET", "/api/user/usage", { token, query });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe("bad_request");
    }
    expect((await call(usage, "GET", "/api/user/usage")).status).toBe(401);
  });
});
