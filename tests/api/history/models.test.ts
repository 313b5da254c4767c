import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as continueHistory, GET as thread } from "@/app/api/history/id/route";
import { GET as sessionModels } from "@/app/api/history/models/route";
import { getDb } from "@/db";
import { dialogMessages, dialogSessions, models, users } from "@/db/schema";
import type { HistoryMessage, HistoryModels } from "@/lib/contracts/history";
import { call, signIn } from "../../helpers/api";
import { seedMessages, seedSessions } from "./seed";

// "Continue in chat" offers the models the session may move to (its action, opened by the caller's
// tariff); the thread shows which model wrote each answer.
const modelNamed = async (modelName: string) =>
  (await (await getDb()).select().from(models).where(eq(models.modelName, modelName)))[0];
const modelsOf = (token: string, sessionId: unknown) =>
  call<HistoryModels>(sessionModels, "GET", "/api/history/models", { token, query: { session_id: String(sessionId) } });

describe("GET /api/history/models", () => {
  it("lists the text models the Free tariff opens, with the session's current one", async () => {
    const me = await signIn();
    const { ids, model } = await seedSessions(me.userId, [{ name: "chat", minutesAgo: 0 }]);
    const res = await modelsOf(me.token, ids[0]);
    expect(res.status).toBe(200);
    expect(res.body.current_model_id).toBe(model.id);
    expect(res.body.models.map((m) => m.display_name)).toEqual(["GPT-4o mini", "Gemini Flash", "YandexGPT"]);
  });

  it("answers 404 for another user's session and 400 for a malformed id", async () => {
    const me = await signIn();
    const other = await signIn();
    const { ids } = await seedSessions(other.userId, [{ name: "theirs", minutesAgo: 0 }]);
    expect((await modelsOf(me.token, ids[0])).status).toBe(404);
    expect((await modelsOf(me.token, "x")).status).toBe(400);
  });
});

describe("POST /api/history/id with model_id", () => {
  it("continues with the chosen model: the session keeps its history, later answers are labelled with the new model", async () => {
    const me = await signIn();
    const { ids, model } = await seedSessions(me.userId, [{ name: "chat", minutesAgo: 5 }]);
    const db = await getDb();
    const [first] = await seedMessages(ids[0], [{ userText: "hi", aiText: "hello" }]);
    await db.update(dialogMessages).set({ modelId: model.id }).where(eq(dialogMessages.id, first));
    const gemini = await modelNamed("gemini-flash");
    const res = await call(continueHistory, "POST", "/api/history/id", {
      token: me.token,
      body: { session_id: ids[0], model_id: gemini.id },
    });
    expect(res.status).toBe(200);
    const [session] = await db.select().from(dialogSessions).where(eq(dialogSessions.id, ids[0]));
    expect(session.modelId).toBe(gemini.id);
    const [user] = await db.select().from(users).where(eq(users.id, me.userId));
    expect(user.activeSessionId).toBe(ids[0]);
    const messages = await call<HistoryMessage[]>(thread, "GET", "/api/history/id", {
      token: me.token,
      query: { session_id: String(ids[0]) },
    });
    expect(messages.body.map((m) => m.model)).toEqual([model.displayName]);
  });

  it("refuses a model the tariff does not open (403) or of another action, and changes nothing", async () => {
    const me = await signIn();
    const { ids, model } = await seedSessions(me.userId, [{ name: "chat", minutesAgo: 5 }]);
    for (const name of ["claude-sonnet", "dall-e-3"]) {
      const res = await call(continueHistory, "POST", "/api/history/id", {
        token: me.token,
        body: { session_id: ids[0], model_id: (await modelNamed(name)).id },
      });
      expect(res.status, name).toBe(403);
    }
    const [session] = await (await getDb()).select().from(dialogSessions).where(eq(dialogSessions.id, ids[0]));
    expect(session.modelId).toBe(model.id);
    const [user] = await (await getDb()).select().from(users).where(eq(users.id, me.userId));
    expect(user.activeSessionId).toBeNull();
  });
});
