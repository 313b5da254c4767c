import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as postSession } from "@/app/api/models/session/route";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { continueSession } from "@/lib/server/sessions/continue-session";
import { call, signIn } from "../../helpers/api";
import { modelIdByName } from "../../helpers/subscribe";

async function userRow(userId: number) {
  const db = await getDb();
  const [u] = await db.select().from(users).where(eq(users.id, userId));
  return u;
}

describe("continueSession (POST /api/history/id)", () => {
  it("makes the caller's earlier session active again and queues a bot message; another user's answers 404", async () => {
    const me = await signIn({ language_code: "en" });
    const other = await signIn();
    const start = (token: string, model: string) =>
      modelIdByName(model).then((model_id) =>
        call(postSession, "POST", "/api/models/session", { token, body: { model_id } }),
      );
    const first = await start(me.token, "gpt-4o-mini");
    await start(me.token, "gemini-flash");
    const db = await getDb();
    const res = await continueSession({ db, user: await userRow(me.userId), sessionId: first.body.session_id });
    expect(res).toEqual({ success: true, session_id: first.body.session_id });
    expect((await userRow(me.userId)).activeSessionId).toBe(first.body.session_id);
    const messages = await db.select().from(botOutbox).where(eq(botOutbox.userId, me.userId));
    expect(messages.at(-1)!.text).toBe(
      "Continuing “GPT-4o mini” (model GPT-4o mini). Send your message right here in the chat.",
    );

    await expect(
      continueSession({ db, user: await userRow(other.userId), sessionId: first.body.session_id }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await userRow(other.userId)).activeSessionId).toBeNull();
  });
});
