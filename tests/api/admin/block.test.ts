import { describe, expect, it } from "vitest";
import { POST as block } from "@/app/api/admin/users/[id]/block/route";
import { POST as unblock } from "@/app/api/admin/users/[id]/unblock/route";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";
import { auditRowsOf, operatorToken } from "../../helpers/admin";

const blockCall = (handler: typeof block, verb: "block" | "unblock", token: string, id: number | string) =>
  call(handler, "POST", `/api/admin/users/${id}/${verb}`, { token, params: { id: String(id) } });

describe("POST /api/admin/users/{id}/block and /unblock", () => {
  it("a blocked user's app calls answer a 403 in their language until they are unblocked; each change is audited once", async () => {
    const token = await operatorToken();
    const user = await signIn({ language_code: "en" });
    const at = Date.parse("2031-05-01T10:00:00Z");
    setClockForTests(() => at);
    try {
      const blocked = await blockCall(block, "block", token, user.userId);
      expect(blocked.status).toBe(200);
      expect(blocked.body).toEqual({ blocked_at: new Date(at).toISOString() });
      // Blocking again changes nothing and writes no second audit row.
      expect((await blockCall(block, "block", token, user.userId)).body).toEqual({
        blocked_at: new Date(at).toISOString(),
      });
    } finally {
      setClockForTests();
    }
    const refused = await call(getUserTariff, "GET", "/api/user/user-tariff", { token: user.token });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({
      code: "forbidden",
      reason: "blocked",
      message: "Your account has been blocked by the administrator.",
    });

    expect((await blockCall(unblock, "unblock", token, user.userId)).body).toEqual({ blocked_at: null });
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token: user.token })).status).toBe(200);

    const rows = await auditRowsOf(`user:${user.userId}`);
    expect(rows.map((r) => r.action)).toEqual(["user.unblock", "user.block"]);
    expect(rows[1]).toMatchObject({ before: { blocked_at: null }, after: { blocked_at: new Date(at).toISOString() } });
    expect(rows[0]).toMatchObject({ before: { blocked_at: new Date(at).toISOString() }, after: { blocked_at: null } });
  });

  it("answers 404 for no such user and 400 for a bad id, writing nothing", async () => {
    const token = await operatorToken();
    expect((await blockCall(block, "block", token, 2_000_000_001)).status).toBe(404);
    expect((await blockCall(unblock, "unblock", token, "0")).status).toBe(400);
    expect(await auditRowsOf("user:2000000001")).toEqual([]);
  });
});
