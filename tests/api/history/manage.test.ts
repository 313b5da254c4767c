import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as listHistory } from "@/app/api/history/route";
import { DELETE as deleteSession, PATCH as renameSession } from "@/app/api/history/id/route";
import { getDb } from "@/db";
import { botTurns, dialogMessages, dialogSessions, users } from "@/db/schema";
import { env } from "@/lib/env";
import { storeFile } from "@/lib/server/storage";
import { call, signIn } from "../../helpers/api";
import { seedMessages, seedSessions } from "./seed";

const list = (token: string, body: Record<string, unknown> = {}) =>
  call(listHistory, "POST", "/api/history/", { token, body: { page: 1, page_size: 50, ...body } });
const rename = (token: string, body: unknown) => call(renameSession, "PATCH", "/api/history/id", { token, body });
const remove = (token: string, sessionId: unknown) =>
  call(deleteSession, "DELETE", "/api/history/id", { token, query: { session_id: String(sessionId) } });
const sessionRow = async (id: number) =>
  (await (await getDb()).select().from(dialogSessions).where(eq(dialogSessions.id, id)))[0];

describe("dialogue titles", () => {
  it("names a dialogue after its first message (first line, cut), else the session's own name; a rename wins", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [
      { name: "GPT-4o", minutesAgo: 1 },
      { name: "Claude", minutesAgo: 2 },
    ]);
    await seedMessages(ids[0], [
      {
        userText: "Как испечь хлеб на закваске дома без хлебопечки и специальной формы?\nподробно",
        at: new Date(1000),
      },
      { userText: "а с изюмом?", at: new Date(2000) },
    ]);
    const names = async () =>
      Object.fromEntries(
        (await list(me.token)).body.data.map((s: { session_id: number; name: string }) => [s.session_id, s.name]),
      );
    expect(await names()).toEqual({
      [ids[0]]: "Как испечь хлеб на закваске дома без хлебопечки и…",
      [ids[1]]: "Claude",
    });

    const res = await rename(me.token, { session_id: ids[1], name: "  Рецепты  " });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ session_id: ids[1], name: "Рецепты" });
    expect((await names())[ids[1]]).toBe("Рецепты");
  });
});

describe("POST /api/history/ with q", () => {
  it("finds the caller's dialogues by title or by any message's text, case-insensitively, and no one else's", async () => {
    const me = await signIn();
    const other = await signIn();
    const { ids } = await seedSessions(me.userId, [
      { name: "a", minutesAgo: 1 },
      { name: "b", minutesAgo: 2 },
      { name: "c", minutesAgo: 3 },
    ]);
    await seedMessages(ids[0], [{ userText: "про котов", aiText: "Кошки спят 16 часов" }]);
    await seedMessages(ids[1], [{ userText: "про собак", aiText: "Собаки любят гулять" }]);
    await rename(me.token, { session_id: ids[2], name: "Кошачий корм" });
    const [theirs] = (await seedSessions(other.userId, [{ name: "x", minutesAgo: 0 }])).ids;
    await seedMessages(theirs, [{ userText: "кошки" }]);

    const found = async (q: string) =>
      (await list(me.token, { q })).body.data.map((s: { session_id: number }) => s.session_id);
    expect(await found("КОШ")).toEqual([ids[0], ids[2]]);
    expect(await found("гулять")).toEqual([ids[1]]);
    expect(await found("100%")).toEqual([]);
    const page = await list(me.token, { q: "кош", page_size: 1 });
    expect(page.body.pagination).toEqual({ hasNextPage: true, currentPage: 1, totalPages: 2 });
    // Blank is no search.
    expect(await found("   ")).toHaveLength(3);
  });

  it("refuses a search over 100 characters and one that is not a string", async () => {
    const me = await signIn();
    for (const q of ["x".repeat(101), 5]) {
      const res = await list(me.token, { q });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("q");
    }
  });
});

describe("PATCH /api/history/id", () => {
  it("refuses an empty or too long name and another user's session (404), changing nothing", async () => {
    const me = await signIn();
    const other = await signIn();
    const [mine] = (await seedSessions(me.userId, [{ name: "mine", minutesAgo: 1 }])).ids;
    const [theirs] = (await seedSessions(other.userId, [{ name: "theirs", minutesAgo: 1 }])).ids;
    for (const name of ["", "   ", "x".repeat(101)]) {
      const res = await rename(me.token, { session_id: mine, name });
      expect(res.status).toBe(400);
      expect(res.body.error.fields).toHaveProperty("name");
    }
    expect((await rename(me.token, { session_id: mine })).status).toBe(400);
    const res = await rename(me.token, { session_id: theirs, name: "mine now" });
    expect(res.status).toBe(404);
    expect((await rename(me.token, { session_id: 999_999_999, name: "x" })).status).toBe(404);
    expect((await sessionRow(theirs)).title).toBeNull();
    expect((await sessionRow(mine)).title).toBeNull();
    expect(
      (await call(renameSession, "PATCH", "/api/history/id", { body: { session_id: mine, name: "x" } })).status,
    ).toBe(401);
  });
});

describe("DELETE /api/history/id", () => {
  it("deletes the caller's dialogue, its messages and its stored files, and the bot forgets it", async () => {
    const me = await signIn();
    const [id, kept] = (
      await seedSessions(me.userId, [
        { name: "to delete", minutesAgo: 1 },
        { name: "kept", minutesAgo: 2 },
      ])
    ).ids;
    const photo = await storeFile({ data: Buffer.from("jpeg"), contentType: "image/jpeg", prefix: "uploads" });
    const video = await storeFile({ data: Buffer.from("mp4"), contentType: "video/mp4", prefix: "video" });
    const keptFile = await storeFile({ data: Buffer.from("png"), contentType: "image/png", prefix: "uploads" });
    await seedMessages(id, [
      { userText: "photo", userFileUrl: photo.key, aiFileUrl: video.key },
      { aiFileUrl: "https://provider.example/result.mp4" },
    ]);
    await seedMessages(kept, [{ userFileUrl: keptFile.key }]);
    const db = await getDb();
    await db.update(users).set({ activeSessionId: id }).where(eq(users.id, me.userId));

    const res = await remove(me.token, id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, files_removed: 2 });
    expect(await sessionRow(id)).toBeUndefined();
    expect(await db.select().from(dialogMessages).where(eq(dialogMessages.sessionId, id))).toEqual([]);
    const stored = (key: string) => fs.existsSync(path.join(env.STORAGE_DIR, key));
    expect(stored(photo.key)).toBe(false);
    expect(stored(video.key)).toBe(false);
    expect(stored(keptFile.key)).toBe(true);
    const [user] = await db.select({ active: users.activeSessionId }).from(users).where(eq(users.id, me.userId));
    expect(user.active).toBeNull();
    expect((await list(me.token)).body.data.map((s: { session_id: number }) => s.session_id)).toEqual([kept]);
    expect((await remove(me.token, id)).status).toBe(404);
  });

  it("refuses another user's session (404), a bad id (400) and a dialogue with an answer being written (409)", async () => {
    const me = await signIn();
    const other = await signIn();
    const [theirs] = (await seedSessions(other.userId, [{ name: "theirs", minutesAgo: 1 }])).ids;
    const [busy] = (await seedSessions(me.userId, [{ name: "busy", minutesAgo: 1 }])).ids;
    expect((await remove(me.token, theirs)).status).toBe(404);
    expect(await sessionRow(theirs)).toBeDefined();
    const bad = await remove(me.token, "abc");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toHaveProperty("session_id");
    const db = await getDb();
    await db.insert(botTurns).values({ userId: me.userId, chatId: 1, sessionId: busy, userText: "hi" });
    const res = await remove(me.token, busy);
    expect(res.status).toBe(409);
    expect(await sessionRow(busy)).toBeDefined();
  });
});
