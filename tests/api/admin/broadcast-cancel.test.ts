import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as cancel } from "@/app/api/admin/broadcasts/[id]/cancel/route";
import { POST as createBroadcast } from "@/app/api/admin/broadcasts/route";
import { getDb } from "@/db";
import { adminAudit, botOutbox } from "@/db/schema";
import { queueBroadcasts } from "@/lib/server/broadcasts/queue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";

const cancelCall = (id: string, token?: string) =>
  call(cancel, "POST", `/api/admin/broadcasts/${id}/cancel`, { token, params: { id } });

async function started(token: string) {
  await signIn({ allows_write_to_pm: true });
  const res = await call(createBroadcast, "POST", "/api/admin/broadcasts", {
    token,
    body: { text: "Hello", segment: "all" },
  });
  return String(res.body.id);
}

describe("POST /api/admin/broadcasts/{id}/cancel", () => {
  it("cancels a running broadcast: its queued messages are dropped, audited; a second cancel is 409", async () => {
    const token = await operatorToken();
    const id = await started(token);
    const db = await getDb();
    await queueBroadcasts({ db, now: new Date() });
    const res = await cancelCall(id, token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "cancelled", left: 0, sent: 0 });
    const waiting = await db
      .select()
      .from(botOutbox)
      .where(and(eq(botOutbox.broadcastId, Number(id)), eq(botOutbox.status, "pending")));
    expect(waiting).toHaveLength(0);
    const [audit] = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.target, `broadcast:${id}`), eq(adminAudit.action, "broadcast.cancel")));
    expect(audit).toMatchObject({ before: { status: "running" }, after: { status: "cancelled" } });
    expect((await cancelCall(id, token)).status).toBe(409);
  });

  it("is for operators only (nothing cancelled); 404 for an unknown id", async () => {
    const token = await operatorToken();
    const id = await started(token);
    await expectOperatorOnly((t) => cancelCall(id, t));
    expect((await cancelCall("999999", token)).status).toBe(404);
    expect((await cancelCall("x", token)).status).toBe(404);
    const { GET } = await import("@/app/api/admin/broadcasts/[id]/route");
    expect((await call(GET, "GET", `/api/admin/broadcasts/${id}`, { token, params: { id } })).body.status).toBe(
      "running",
    );
  });
});
