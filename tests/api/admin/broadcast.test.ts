import { describe, expect, it } from "vitest";
import { GET as showBroadcast } from "@/app/api/admin/broadcasts/[id]/route";
import { POST as createBroadcast } from "@/app/api/admin/broadcasts/route";
import { getDb } from "@/db";
import { deliverOutbox } from "@/lib/server/bot/outbox";
import { queueBroadcasts } from "@/lib/server/broadcasts/queue";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";

const show = (id: string, token?: string) =>
  call(showBroadcast, "GET", `/api/admin/broadcasts/${id}`, { token, params: { id } });

describe("GET /api/admin/broadcasts/{id}", () => {
  it("shows progress until done (demo mode records the messages)", async () => {
    const token = await operatorToken();
    await signIn({ allows_write_to_pm: true });
    await signIn({ allows_write_to_pm: true });
    const created = await call(createBroadcast, "POST", "/api/admin/broadcasts", {
      token,
      body: { text: "Hello", segment: "all" },
    });
    const id = String(created.body.id);
    expect((await show(id, token)).body).toMatchObject({ total: 2, sent: 0, left: 2, status: "running" });
    const db = await getDb();
    await queueBroadcasts({ db, now: new Date() });
    await deliverOutbox({ db, client: null });
    await queueBroadcasts({ db, now: new Date() });
    const done = await show(id, token);
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ total: 2, sent: 2, failed: 0, blocked: 0, left: 0, status: "done" });
    expect(done.body.finished_at).not.toBeNull();
  });

  it("is for operators only; 404 for an unknown or malformed id", async () => {
    await expectOperatorOnly((token) => show("1", token));
    const token = await operatorToken();
    for (const id of ["999999", "abc", "1.5", "-1"]) expect((await show(id, token)).status).toBe(404);
  });
});
