import { describe, expect, it } from "vitest";
import { GET as getThread } from "@/app/api/history/id/route";
import type { HistoryMessage } from "@/lib/contracts/history";
import { checkFileSignature } from "@/lib/server/storage";
import { call, signIn } from "../../helpers/api";
import { seedMessages, seedSessions } from "./seed";

const thread = (token: string, sessionId: string | number) =>
  call<HistoryMessage[]>(getThread, "GET", "/api/history/id", { token, query: { session_id: sessionId } });

describe("GET /api/history/id", () => {
  it("answers the session's messages oldest first, id breaking ties, with signed links for stored files", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [{ name: "chat", minutesAgo: 0 }]);
    const at = new Date(Date.UTC(2026, 0, 1));
    const later = new Date(Date.UTC(2026, 0, 2));
    const [m1, m2, m3] = await seedMessages(ids[0], [
      { userText: "second (same time, larger id)", aiText: "b", at },
      { userText: "first", aiText: "a", at },
      {
        userText: "picture please",
        aiText: null,
        aiFileUrl: "ai/2026/01/abc.png",
        userFileUrl: "https://example.com/cat.jpg",
        userFileName: "Мой кот.jpg",
        at: later,
      },
    ]);
    // Written out of order on purpose: the earlier row m2 comes last by time.
    const res = await thread(me.token, ids[0]);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => m.message_id)).toEqual([m1, m2, m3]);
    expect(res.body[0]).toEqual({
      message_id: m1,
      user_text: "second (same time, larger id)",
      user_file_url: null,
      user_file_name: null,
      ai_text: "b",
      ai_file_url: null,
      model: null, // written before the answering model was kept
      created_at: at.toISOString(),
    });
    const last = res.body[2];
    expect(last.user_file_url).toBe("https://example.com/cat.jpg");
    expect(last.user_file_name).toBe("Мой кот.jpg");
    const link = new URL(last.ai_file_url!, "http://localhost");
    expect(link.pathname).toBe("/api/files/ai/2026/01/abc.png");
    expect(
      checkFileSignature({
        key: "ai/2026/01/abc.png",
        exp: link.searchParams.get("exp"),
        sig: link.searchParams.get("sig"),
      }),
    ).toBe("ok");
  });

  it("answers an empty list for a session without messages", async () => {
    const me = await signIn();
    const { ids } = await seedSessions(me.userId, [{ name: "empty", minutesAgo: 0 }]);
    expect((await thread(me.token, ids[0])).body).toEqual([]);
  });

  it("answers 404 for another user's session or none, 400 for a malformed id", async () => {
    const me = await signIn();
    const other = await signIn();
    const { ids } = await seedSessions(other.userId, [{ name: "theirs", minutesAgo: 0 }]);
    await seedMessages(ids[0], [{ userText: "secret" }]);
    const theirs = await thread(me.token, ids[0]);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: "not_found" } });
    expect((await thread(me.token, 2_000_000_000)).status).toBe(404);
    for (const bad of ["abc", "0", "-3", "1.5", "", "99999999999"]) {
      expect((await thread(me.token, bad)).status, bad).toBe(400);
    }
    expect((await call(getThread, "GET", "/api/history/id", { token: me.token })).status).toBe(400);
  });
});
