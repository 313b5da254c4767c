import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getAll } from "@/app/api/models/all/route";
import { GET as getImageSession } from "@/app/api/models/image/session/route";
import { POST as postSession } from "@/app/api/models/session/route";
import { GET as getTextSession } from "@/app/api/models/text/session/route";
import { catalogueModels, catalogueTariffs } from "@/db/catalogue";
import { getDb } from "@/db";
import { botOutbox, dialogSessions, users } from "@/db/schema";
import type { ModelItem } from "@/lib/contracts/models";
import { call, signIn } from "../../helpers/api";
import { modelIdByName, subscribe } from "../../helpers/subscribe";

const freeModels = catalogueTariffs.find((t) => t.name === "Free")!.models;
const starterModels = catalogueTariffs.find((t) => t.name === "Starter")!.models;

async function accessOf(token: string): Promise<Map<string, boolean>> {
  const res = await call<ModelItem[]>(getAll, "GET", "/api/models/all", { token });
  expect(res.status).toBe(200);
  return new Map(res.body.map((m) => [m.model_name, m.actions.every((a) => a.has_access)]));
}

async function sessionsOf(userId: number) {
  const db = await getDb();
  return db.select().from(dialogSessions).where(eq(dialogSessions.userId, userId));
}

describe("GET /api/models/all", () => {
  it("lists every model with the fields of SPEC.md and Free access for a new user", async () => {
    const { token } = await signIn();
    const res = await call<ModelItem[]>(getAll, "GET", "/api/models/all", { token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(catalogueModels.length);
    const gpt = res.body.find((m) => m.model_name === "gpt-4o-mini")!;
    expect(gpt).toMatchObject({
      model_id: expect.any(Number),
      display_name: "GPT-4o mini",
      image: expect.stringMatching(/^\/icons\/models\//),
      description: expect.any(String),
      model_type_description: "text",
      actions: [{ action: "text", has_access: true }],
    });
    expect(gpt).toHaveProperty("gif");
    const access = await accessOf(token);
    for (const m of catalogueModels) expect(access.get(m.modelName)).toBe(freeModels.includes(m.modelName));
  });

  it("follows the caller's subscription: Starter opens its models, an expired one falls back to Free", async () => {
    const starter = await signIn();
    await subscribe({ userId: starter.userId, tariff: "Starter" });
    const access = await accessOf(starter.token);
    for (const m of catalogueModels) expect(access.get(m.modelName)).toBe(starterModels.includes(m.modelName));

    const expired = await signIn();
    await subscribe({ userId: expired.userId, tariff: "Neuro Basic", expiresInDays: -1 });
    const expiredAccess = await accessOf(expired.token);
    expect(expiredAccess.get("claude-sonnet")).toBe(false);
    expect(expiredAccess.get("gpt-4o-mini")).toBe(true);
  });

  it("uses a Custom subscription's chosen models", async () => {
    const { token, userId } = await signIn();
    await subscribe({ userId, tariff: "Custom", customModelNames: ["claude-sonnet", "midjourney"] });
    const access = await accessOf(token);
    expect([...access].filter(([, ok]) => ok).map(([name]) => name).sort()).toEqual(["claude-sonnet", "midjourney"]);
  });

  it("answers 401 without a token", async () => {
    const res = await call(getAll, "GET", "/api/models/all");
    expect(res.status).toBe(401);
  });
});

describe("POST /api/models/session", () => {
  it("starts a session: a history row, the active session and a queued bot message in the user's language", async () => {
    const { token, userId } = await signIn({ language_code: "en" });
    const modelId = await modelIdByName("gpt-4o-mini");
    const res = await call(postSession, "POST", "/api/models/session", { token, body: { model_id: modelId, action: "text" } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, session_id: expect.any(Number), name: "GPT-4o mini", model_name: "gpt-4o-mini", action: "text" });
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
    const res = await call(postSession, "POST", "/api/models/session", { token, body: { model_id: await modelIdByName("whisper") } });
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
    expect(res.body.error).toMatchObject({ code: "forbidden", message: expect.stringContaining("not available in your tariff") });
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
    const badAction = await call(postSession, "POST", "/api/models/session", { token, body: { model_id: 1, action: "fly" } });
    expect(badAction.status).toBe(400);
    expect(await sessionsOf(userId)).toHaveLength(0);
  });
});

describe("GET /api/models/text/session", () => {
  it("starts a text model and refuses a model without the text action", async () => {
    const { token, userId } = await signIn();
    const ok = await call(getTextSession, "GET", "/api/models/text/session", { token, query: { model_id: await modelIdByName("gemini-flash") } });
    expect(ok.status).toBe(200);
    expect(ok.body.action).toBe("text");
    const wrong = await call(getTextSession, "GET", "/api/models/text/session", { token, query: { model_id: await modelIdByName("dall-e-3") } });
    expect(wrong.status).toBe(400);
    const denied = await call(getTextSession, "GET", "/api/models/text/session", { token, query: { model_id: await modelIdByName("gpt-4o") } });
    expect(denied.status).toBe(403);
    const malformed = await call(getTextSession, "GET", "/api/models/text/session", { token, query: { model_id: "x1" } });
    expect(malformed.status).toBe(400);
    const missing = await call(getTextSession, "GET", "/api/models/text/session", { token });
    expect(missing.status).toBe(400);
    const unknown = await call(getTextSession, "GET", "/api/models/text/session", { token, query: { model_id: 424242 } });
    expect(unknown.status).toBe(404);
    expect(await sessionsOf(userId)).toHaveLength(1);
  });
});

describe("GET /api/models/image/session", () => {
  it("starts an image model with its action and checks the tariff", async () => {
    const { token, userId } = await signIn();
    const ok = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3"), action: "text_to_image" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ action: "text_to_image", model_name: "dall-e-3" });
    const defaulted = await call(getImageSession, "GET", "/api/models/image/session", { token, query: { model_id: await modelIdByName("dall-e-3") } });
    expect(defaulted.body.action).toBe("text_to_image");
    const denied = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("flux-kontext"), action: "generate_image" },
    });
    expect(denied.status).toBe(403);
    const wrongAction = await call(getImageSession, "GET", "/api/models/image/session", {
      token,
      query: { model_id: await modelIdByName("dall-e-3"), action: "generate_image" },
    });
    expect(wrongAction.status).toBe(400);
    const textModel = await call(getImageSession, "GET", "/api/models/image/session", { token, query: { model_id: await modelIdByName("gpt-4o-mini") } });
    expect(textModel.status).toBe(400);
    const badAction = await call(getImageSession, "GET", "/api/models/image/session", { token, query: { model_id: 1, action: "text" } });
    expect(badAction.status).toBe(400);
    expect(await sessionsOf(userId)).toHaveLength(2);
  });
});
