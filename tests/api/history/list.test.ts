import { describe, expect, it } from "vitest";
import { POST as listHistory } from "@/app/api/history/route";
import type { HistoryPage } from "@/lib/contracts/history";
import { call, signIn } from "../../helpers/api";
import { seedMessages, seedSessions } from "./seed";

const page = (token: string, body: unknown) => call<HistoryPage>(listHistory, "POST", "/api/history/", { token, body });

describe("POST /api/history/", () => {
  it("pages the caller's sessions most recently used first, with id breaking ties, up to an empty page past the end", async () => {
    const me = await signIn();
    const other = await signIn();
    // 25 sessions; #10 and #11 share one timestamp, so only the id orders them.
    const { ids, model } = await seedSessions(
      me.userId,
      Array.from({ length: 25 }, (_, i) => ({ name: `s${i}`, minutesAgo: i === 11 ? 10 : i })),
    );
    await seedSessions(other.userId, [{ name: "not mine", minutesAgo: 0 }]);
    const expected = ids
      .map((id, i) => ({ id, minutesAgo: i === 11 ? 10 : i }))
      .sort((a, b) => a.minutesAgo - b.minutesAgo || b.id - a.id)
      .map((s) => s.id);

    const seen: number[] = [];
    for (const n of [1, 2, 3]) {
      const res = await page(me.token, { page: n, page_size: 10 });
      expect(res.status).toBe(200);
      expect(res.body.pagination).toEqual({ hasNextPage: n < 3, currentPage: n, totalPages: 3 });
      seen.push(...res.body.data.map((s) => s.session_id));
    }
    expect(seen).toEqual(expected);

    const first = (await page(me.token, { page: 1, page_size: 1 })).body.data[0];
    expect(first).toEqual({
      session_id: expected[0],
      name: "s0",
      date: expect.any(String),
      model: model.displayName,
      model_image: model.image,
      last_user_message: null,
      voice_preview: null,
    });
    expect(Date.now() - Date.parse(first.date)).toBeLessThan(60_000);

    const past = await page(me.token, { page: 4, page_size: 10 });
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ data: [], pagination: { hasNextPage: false, currentPage: 4, totalPages: 3 } });

    const all = await page(me.token, { page: 1, page_size: 50 });
    expect(all.body.data).toHaveLength(25);
    expect(all.body.pagination).toEqual({ hasNextPage: false, currentPage: 1, totalPages: 1 });
  });

  it("defaults to page 1 of 20, answers at the path without the slash, and is empty for a new user", async () => {
    const me = await signIn();
    await seedSessions(
      me.userId,
      Array.from({ length: 21 }, (_, i) => ({ name: `s${i}`, minutesAgo: i })),
    );
    const res = await call<HistoryPage>(listHistory, "POST", "/api/history", { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.pagination).toEqual({ hasNextPage: true, currentPage: 1, totalPages: 2 });

    const fresh = await signIn();
    expect((await page(fresh.token, {})).body).toEqual({
      data: [],
      pagination: { hasNextPage: false, currentPage: 1, totalPages: 0 },
    });
  });

  it("answers 400 for bad page values and 401 without a token", async () => {
    const me = await signIn();
    for (const body of [
      { page: 0 },
      { page: -1 },
      { page: 1.5 },
      { page: "2" },
      { page: null },
      { page_size: 0 },
      { page_size: 51 },
      { page_size: 2.5 },
      { page_size: "10" },
    ]) {
      const res = await page(me.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: "bad_request" } });
    }
    expect((await page(me.token, { page_size: 50 })).status).toBe(200);
    expect((await page(me.token, { page_size: 1 })).status).toBe(200);
    expect((await call(listHistory, "POST", "/api/history/", { body: {} })).status).toBe(401);
  });

  it("previews the last user message cut at 50 characters without splitting emoji or Cyrillic", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [
      { name: "emoji", minutesAgo: 0 },
      { name: "cyrillic", minutesAgo: 1 },
      { name: "short", minutesAgo: 2 },
    ]);
    const family = "👨‍👩‍👧‍👦"; // one character of 11 UTF-16 units
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    await seedMessages(ids[0], [
      { userText: "older", at: hour(1) },
      { userText: `${"😀".repeat(30)}${family.repeat(30)}`, at: hour(2) },
      { userText: null, aiText: "the answer has no user text", at: hour(3) },
    ]);
    await seedMessages(ids[1], [{ userText: `${"Привет, мир! ".repeat(5)}`, at: hour(1) }]);
    await seedMessages(ids[2], [{ userText: "Ровно пятьдесят ё".padEnd(50, "ж"), at: hour(1) }]);

    const [emoji, cyrillic, short] = (await page(me.token, { page: 1 })).body.data.map((s) => s.last_user_message!);
    expect(emoji).toBe(`${"😀".repeat(30)}${family.repeat(20)}…`);
    expect(cyrillic).toBe(`${"Привет, мир! ".repeat(5).slice(0, 50)}…`);
    expect(short).toBe("Ровно пятьдесят ё".padEnd(50, "ж"));
    expect(emoji.isWellFormed()).toBe(true);
  });

  it("previews a voice session without user text by its first transcript, else marks it as voice; other sessions get no voice preview", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [
      { name: "transcribed", minutesAgo: 0, action: "speech_to_text" },
      { name: "cleaned", minutesAgo: 1, action: "noise_removal" },
      { name: "captioned", minutesAgo: 2, action: "dubbing" },
      { name: "voice, nothing yet", minutesAgo: 3, action: "speech_to_text" },
      { name: "text", minutesAgo: 4 },
    ]);
    const hour = (h: number) => new Date(Date.UTC(2026, 0, 1, h));
    await seedMessages(ids[0], [
      { userFileUrl: "bot/in/2026/01/a.ogg", aiText: `Первая расшифровка ${"слов ".repeat(20)}`, at: hour(1) },
      { userFileUrl: "bot/in/2026/01/b.ogg", aiText: "Вторая", at: hour(2) },
    ]);
    await seedMessages(ids[1], [
      { userFileUrl: "bot/in/2026/01/c.ogg", aiFileUrl: "bot/out/2026/01/c.ogg", at: hour(1) },
    ]);
    await seedMessages(ids[2], [
      { userText: "Подпись к аудио", userFileUrl: "bot/in/2026/01/d.mp3", aiText: "Translation", at: hour(1) },
    ]);
    await seedMessages(ids[4], [{ userText: null, aiText: "answer", at: hour(1) }]);

    const rows = (await page(me.token, { page: 1 })).body.data;
    expect(rows.map((s) => [s.name, s.last_user_message, s.voice_preview])).toEqual([
      ["transcribed", null, { transcript: `${`Первая расшифровка ${"слов ".repeat(20)}`.slice(0, 50)}…` }],
      ["cleaned", null, { transcript: null }],
      // Titled after its first written message (docs/product/history.md "Titles").
      ["Подпись к аудио", "Подпись к аудио", { transcript: null }],
      ["voice, nothing yet", null, null],
      ["text", null, null],
    ]);
  });
});
