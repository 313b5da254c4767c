import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getAssistantSession } from "@/app/api/assistants/id/route";
import { POST as addFavorite } from "@/app/api/user/assistants/route";
import { GET as getCount } from "@/app/api/user/count/route";
import { getDb } from "@/db";
import { dialogMessages, favorites } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";
import { assistantId } from "../../helpers/assistants";

describe("GET /api/user/count", () => {
  it("counts the caller's sessions, favourites and messages, not another user's", async () => {
    const me = await signIn();
    const other = await signIn();
    expect((await call(getCount, "GET", "/api/user/count", { token: me.token })).body).toEqual({
      sessions: 0,
      favorites: 0,
      messages: 0,
    });
    const tutor = await assistantId("tutor");
    const launched = await call(getAssistantSession, "GET", "/api/assistants/id", {
      token: me.token,
      query: { assistant_id: tutor, model_id: await modelIdByName("gpt-4o-mini") },
    });
    await call(addFavorite, "POST", "/api/user/assistants", { token: me.token, body: { assistant_id: tutor } });
    await call(addFavorite, "POST", "/api/user/assistants", { token: other.token, body: { assistant_id: tutor } });
    const db = await getDb();
    await db.insert(dialogMessages).values([
      { sessionId: launched.body.session_id, userText: "hi", aiText: "hello" },
      { sessionId: launched.body.session_id, userText: "more", aiText: "sure" },
    ]);
    const res = await call(getCount, "GET", "/api/user/count", { token: me.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ sessions: 1, favorites: 1, messages: 2 });
    expect((await call(getCount, "GET", "/api/user/count", { token: other.token })).body).toEqual({
      sessions: 0,
      favorites: 1,
      messages: 0,
    });
    expect(
      await db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, other.userId))),
    ).toHaveLength(1);
  });
});
