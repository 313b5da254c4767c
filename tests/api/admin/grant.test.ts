import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as grant } from "@/app/api/admin/users/[id]/grant/route";
import { getDb } from "@/db";
import { balanceLedger, quotas } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { auditRowsOf, DEMO_OPERATOR_TELEGRAM_ID, operatorToken } from "../../helpers/admin";

const grantTo = (token: string, userId: number, body: unknown) =>
  call(grant, "POST", `/api/admin/users/${userId}/grant`, { token, params: { id: String(userId) }, body });

async function setImages(userId: number, imageTokens: number, packageImageTokens: number) {
  await (await getDb()).update(quotas).set({ imageTokens, packageImageTokens }).where(eq(quotas.userId, userId));
}
const imagesOf = async (userId: number) => {
  const [row] = await (await getDb()).select().from(quotas).where(eq(quotas.userId, userId));
  return { allowance: row.imageTokens, package_units: row.packageImageTokens };
};
const ledgerOf = async (userId: number) =>
  (await getDb()).select().from(balanceLedger).where(eq(balanceLedger.userId, userId)).orderBy(desc(balanceLedger.id));

describe("POST /api/admin/users/{id}/grant", () => {
  it("adds units to package units with a `grant` ledger row and an audit row with the reason", async () => {
    const token = await operatorToken();
    const { userId } = await signIn();
    await setImages(userId, 3, 2);
    const res = await grantTo(token, userId, { kind: "image_tokens", units: 10, reason: "complaint #12" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ kind: "image_tokens", balance: { allowance: 3, package_units: 12 } });
    expect(await imagesOf(userId)).toEqual({ allowance: 3, package_units: 12 });
    const [entry] = await ledgerOf(userId);
    expect(entry).toMatchObject({
      kind: "image_tokens",
      units: 10,
      packageUnits: 10,
      balanceAfter: 15,
      reason: "grant",
    });
    const [audit] = await auditRowsOf(`user:${userId}`);
    expect(audit).toMatchObject({
      operatorTelegramId: DEMO_OPERATOR_TELEGRAM_ID,
      action: "user.grant",
      before: { kind: "image_tokens", allowance: 3, package_units: 2 },
      after: { kind: "image_tokens", allowance: 3, package_units: 12, units: 10, reason: "complaint #12" },
    });
  });

  it("takes units back from package units first, then the allowance, never below zero", async () => {
    const token = await operatorToken();
    const { userId } = await signIn();
    await setImages(userId, 5, 4);
    expect((await grantTo(token, userId, { kind: "image_tokens", units: -6, reason: "mistake" })).body.balance).toEqual(
      { allowance: 3, package_units: 0 },
    );
    expect(
      (await grantTo(token, userId, { kind: "image_tokens", units: -100, reason: "all of it" })).body.balance,
    ).toEqual({ allowance: 0, package_units: 0 });
    const [last, first] = await ledgerOf(userId);
    expect(first).toMatchObject({ units: -6, packageUnits: -4, balanceAfter: 3, reason: "grant" });
    expect(last).toMatchObject({ units: -3, packageUnits: 0, balanceAfter: 0, reason: "grant" });
    // Taking from nothing changes no balance: no ledger row, but the operator's attempt is audited.
    const rows = (await ledgerOf(userId)).length;
    expect((await grantTo(token, userId, { kind: "image_tokens", units: -1, reason: "again" })).status).toBe(200);
    expect(await ledgerOf(userId)).toHaveLength(rows);
    expect(await auditRowsOf(`user:${userId}`)).toHaveLength(3);
  });

  it("concurrent grants all count (computed in SQL, not read-modify-write)", async () => {
    const token = await operatorToken();
    const { userId } = await signIn();
    await setImages(userId, 0, 0);
    await Promise.all(
      Array.from({ length: 8 }, () => grantTo(token, userId, { kind: "image_tokens", units: 5, reason: "load" })),
    );
    expect(await imagesOf(userId)).toEqual({ allowance: 0, package_units: 40 });
    expect(await auditRowsOf(`user:${userId}`)).toHaveLength(8);
  });

  it("answers 400 for bad input and 404 for no such user, changing nothing", async () => {
    const token = await operatorToken();
    const { userId } = await signIn();
    await setImages(userId, 1, 1);
    const ledgerBefore = (await ledgerOf(userId)).length;
    for (const body of [
      { kind: "gold", units: 1, reason: "x" },
      { kind: "image_tokens", units: 0, reason: "x" },
      { kind: "image_tokens", units: 1.5, reason: "x" },
      { kind: "image_tokens", units: "5", reason: "x" },
      { kind: "image_tokens", units: 5, reason: "  " },
      { kind: "image_tokens", units: 5 },
      { kind: "image_tokens", units: 3_000_000_000, reason: "x" },
    ]) {
      expect((await grantTo(token, userId, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await grantTo(token, 2_000_000_000, { kind: "image_tokens", units: 5, reason: "x" })).status).toBe(404);
    expect(await imagesOf(userId)).toEqual({ allowance: 1, package_units: 1 });
    expect(await ledgerOf(userId)).toHaveLength(ledgerBefore);
    expect(await auditRowsOf(`user:${userId}`)).toEqual([]);
    expect(await auditRowsOf("user:2000000000")).toEqual([]);
  });
});
