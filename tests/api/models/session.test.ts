import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as postSession } from "@/app/api/models/session/route";
import { getDb } from "@/db";
import { botOutbox, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { modelIdByName, subscribe } from "../../helpers/subscribe";
import { sessionsOf } from "./helpers";

describe("POST /api/models/session", () => {
  it("starts a session: a history row, the active session and a queued bot message in the user's language", async () => {
    const { token, userId } = await signIn({ language_code: "en" });
    const modelId = await modelIdByName("gpt-4o-mini");
    const res = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: modelId, action: "text" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      session_id: expect.any(Number),
      name: "GPT-4o mini",
      model_name: "gpt-4o-mini",
      action: "text",
    });
    const db = await getDb();
    const [session] = await sessionsOf(userId);
    expect(session).toMatchObject({ id: res.body.session_id, modelId, action: "text", assistantId: null });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user.activeSessionId).toBe(res.body.session_id);
    const outbox = await db.select().from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({ chatId: user.telegramId, status: "pending" });
    expect(outbox[0].text).toContain("You are now talking to GPT-4o mini");
  });

  it("writes the bot message in Russian for a Russian user and defaults the action to the model's own", async () => {
    const { token, userId } = await signIn({ language_code: "ru" });
    const res = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: await modelIdByName("whisper") },
    });
    expect(res.status).toBe(200);
    expect(res.body.action).toBe("speech_to_text");
    const db = await getDb();
    const [msg] = await db.select().from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(msg.text).toContain("Модель Whisper готова расшифровать речь");
  });

  it("answers 403 with a message when the Free tariff lacks the model, and creates nothing", async () => {
    const { token, userId } = await signIn();
    const res = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: await modelIdByName("claude-sonnet"), action: "text" },
    });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({
      code: "forbidden",
      message: expect.stringContaining("not available in your tariff"),
    });
    expect(await sessionsOf(userId)).toHaveLength(0);
  });

  it("grants claude-sonnet on Neuro Basic", async () => {
    const { token, userId } = await signIn();
    await subscribe({ userId, tariff: "Neuro Basic" });
    const res = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: await modelIdByName("claude-sonnet"), action: "text" },
    });
    expect(res.status).toBe(200);
  });

  it("answers 400 for an action the model lacks, 404 for an unknown model and 400 for a malformed id", async () => {
    const { token, userId } = await signIn();
    const unsupported = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: await modelIdByName("gpt-4o-mini"), action: "text_to_image" },
    });
    expect(unsupported.status).toBe(400);
    const unknown = await call(postSession, "POST", "/api/models/session", { token, body: { model_id: 999_999 } });
    expect(unknown.status).toBe(404);
    const malformed = await call(postSession, "POST", "/api/models/session", { token, body: { model_id: "abc" } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.fields).toHaveProperty("model_id");
    const badAction = await call(postSession, "POST", "/api/models/session", {
      token,
      body: { model_id: 1, action: "fly" },
    });
    expect(badAction.status).toBe(400);
    expect(await sessionsOf(userId)).toHaveLength(0);
  });
});
