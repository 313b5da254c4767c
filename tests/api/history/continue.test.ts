import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as continueHistory } from "@/app/api/history/id/route";
import { POST as listHistory } from "@/app/api/history/route";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import type { HistoryPage } from "@/lib/contracts/history";
import { call, signIn } from "../../helpers/api";
import { seedSessions } from "./seed";

async function activeSession(userId: number) {
  const db = await getDb();
  const [u] = await db.select({ activeSessionId: users.activeSessionId }).from(users).where(eq(users.id, userId));
  return u.activeSessionId;
}
const outboxCount = async (userId: number) =>
  (await (await getDb()).select().from(botOutbox).where(eq(botOutbox.userId, userId))).length;

describe("POST /api/history/id", () => {
  it("continues the owner's session: active again, a bot message queued, first in the history list", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [
      { name: "new", minutesAgo: 1 },
      { name: "old", minutesAgo: 60 },
    ]);
    const res = await call(continueHistory, "POST", "/api/history/id", {
      token: me.token,
      body: { session_id: ids[1] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, session_id: ids[1] });
    expect(await activeSession(me.userId)).toBe(ids[1]);
    expect(await outboxCount(me.userId)).toBe(1);
    const list = await call<HistoryPage>(listHistory, "POST", "/api/history/", { token: me.token, body: { page: 1 } });
    expect(list.body.data.map((s) => s.name)).toEqual(["old", "new"]);
  });

  it("answers 404 for another user's session and changes nothing; 400 for a malformed id", async () => {
    const me = await signIn();
    const other = await signIn();
    const { ids } = await seedSessions(other.userId, [{ name: "theirs", minutesAgo: 0 }]);
    const res = await call(continueHistory, "POST", "/api/history/id", {
      token: me.token,
      body: { session_id: ids[0] },
    });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
    expect(await activeSession(me.userId)).toBeNull();
    expect(await outboxCount(me.userId)).toBe(0);
    for (const body of [{}, { session_id: "1" }, { session_id: 0 }, { session_id: 1.5 }]) {
      expect(
        (await call(continueHistory, "POST", "/api/history/id", { token: me.token, body })).status,
        JSON.stringify(body),
      ).toBe(400);
    }
  });
});
