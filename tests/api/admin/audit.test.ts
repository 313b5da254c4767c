import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getAudit } from "@/app/api/admin/audit/route";
import { getDb } from "@/db";
import { adminAudit, users } from "@/db/schema";
import { audited, AUDIT_PAGE_SIZE } from "@/lib/server/admin/audit";
import { setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID, operatorToken } from "../../helpers/admin";

const operator = { telegramId: DEMO_OPERATOR_TELEGRAM_ID };
const auditRows = async () => (await (await getDb()).select({ n: count() }).from(adminAudit))[0].n;
const firstName = async (userId: number) =>
  (await (await getDb()).select({ name: users.firstName }).from(users).where(eq(users.id, userId)))[0].name;

/** An audited rename of a user: the kind of change every console call makes. */
const rename = (userId: number, name: string, extra: { failChange?: boolean; badAudit?: boolean } = {}) =>
  getDb().then((db) =>
    audited({ db, operator }, async (tx) => {
      await tx.update(users).set({ firstName: name }).where(eq(users.id, userId));
      if (extra.failChange) throw new Error("the change failed");
      // A BigInt is no JSON: the audit insert fails after the change was made.
      return {
        result: name,
        audit: {
          action: "user.rename",
          target: `user:${userId}`,
          before: extra.badAudit ? { n: 1n } : { name: "Test" },
          after: { name },
        },
      };
    }),
  );

describe("audited()", () => {
  it("writes the change and its audit row together, and neither when either fails", async () => {
    const { userId } = await signIn({ first_name: "Test" });
    const rows = await auditRows();
    await expect(rename(userId, "Failed", { failChange: true })).rejects.toThrow("the change failed");
    await expect(rename(userId, "Unaudited", { badAudit: true })).rejects.toThrow();
    expect(await firstName(userId)).toBe("Test");
    expect(await auditRows()).toBe(rows);
    await rename(userId, "Renamed");
    expect(await firstName(userId)).toBe("Renamed");
    expect(await auditRows()).toBe(rows + 1);
  });
});

describe("GET /api/admin/audit", () => {
  it("lists audit rows newest first, a page at a time", async () => {
    const token = await operatorToken();
    const { userId } = await signIn();
    const start = Date.parse("2030-01-01T00:00:00Z");
    for (let i = 0; i < AUDIT_PAGE_SIZE + 2; i++) {
      setClockForTests(() => start + i * 1000);
      await rename(userId, `Name ${i}`);
    }
    setClockForTests();
    const first = await call(getAudit, "GET", "/api/admin/audit", { token });
    expect(first.status).toBe(200);
    expect(first.body.has_more).toBe(true);
    expect(first.body.items[0]).toMatchObject({
      operator_telegram_id: DEMO_OPERATOR_TELEGRAM_ID,
      action: "user.rename",
      target: `user:${userId}`,
      before: { name: "Test" },
      after: { name: `Name ${AUDIT_PAGE_SIZE + 1}` },
      at: new Date(start + (AUDIT_PAGE_SIZE + 1) * 1000).toISOString(),
    });
    const second = await call(getAudit, "GET", "/api/admin/audit", { token, query: { page: 2 } });
    // Older rows of this file's other test follow this user's.
    const mine = second.body.items.filter((row: { target: string }) => row.target === `user:${userId}`);
    expect(mine.map((row: { after: { name: string } }) => row.after.name)).toEqual(["Name 1", "Name 0"]);
    expect(second.body.has_more).toBe(false);
  });

  it("answers 400 for a bad page", async () => {
    const token = await operatorToken();
    for (const page of ["0", "-1", "x", "1.5"])
      expect((await call(getAudit, "GET", "/api/admin/audit", { token, query: { page } })).status).toBe(400);
  });
});
