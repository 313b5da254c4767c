import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as listBroadcasts, POST as createBroadcast } from "@/app/api/admin/broadcasts/route";
import { getDb } from "@/db";
import { adminAudit, broadcasts, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID, operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";

const create = (token: string | undefined, body: unknown) =>
  call(createBroadcast, "POST", "/api/admin/broadcasts", { token, body });
const broadcastCount = async () => (await (await getDb()).select({ n: count() }).from(broadcasts))[0].n;

describe("POST /api/admin/broadcasts", () => {
  it("starts a broadcast to the segment's users who allowed messages and did not block the bot, audited", async () => {
    const token = await operatorToken();
    const db = await getDb();
    const en = await signIn({ language_code: "en", allows_write_to_pm: true });
    await db.update(users).set({ language: "en" }).where(eq(users.id, en.userId));
    const blocked = await signIn({ allows_write_to_pm: true });
    await db.update(users).set({ language: "en", botBlockedAt: new Date() }).where(eq(users.id, blocked.userId));
    const silent = await signIn({ allows_write_to_pm: false });
    await db.update(users).set({ language: "en" }).where(eq(users.id, silent.userId));

    const res = await create(token, { text: "*New* models are in\\!", segment: "en" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      segment: "en",
      status: "running",
      total: 1,
      sent: 0,
      failed: 0,
      blocked: 0,
      left: 1,
      finished_at: null,
    });
    const [audit] = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `broadcast:${res.body.id}`));
    expect(audit).toMatchObject({
      operatorTelegramId: DEMO_OPERATOR_TELEGRAM_ID,
      action: "broadcast.create",
      after: { text: "*New* models are in\\!", segment: "en", total: 1 },
    });
    const list = await call(listBroadcasts, "GET", "/api/admin/broadcasts", { token });
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: res.body.id, status: "running" });
  });

  it("refuses text Telegram would refuse (MarkdownV2) and bad fields with 400, creating nothing", async () => {
    const token = await operatorToken();
    const before = await broadcastCount();
    const bad = await create(token, { text: "Prices changed. See *tariffs", segment: "all" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.text[0]).toMatch(/escape "\." as "\\\."/);
    for (const body of [
      { text: "*open", segment: "all" },
      { text: "", segment: "all" },
      { text: "ok", segment: "vip" },
      { text: "x".repeat(4097), segment: "all" },
      { segment: "all" },
    ]) {
      expect((await create(token, body)).status).toBe(400);
    }
    expect(await broadcastCount()).toBe(before);
  });

  it("is for operators only", async () => {
    await expectOperatorOnly((token) => create(token, { text: "hi", segment: "all" }));
    await expectOperatorOnly((token) => call(listBroadcasts, "GET", "/api/admin/broadcasts", { token }));
  });
});
