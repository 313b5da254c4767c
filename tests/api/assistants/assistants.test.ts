import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getCategories } from "@/app/api/assistants/categories/route";
import { GET as getImageSession } from "@/app/api/assistants/create_image_assistant_session/route";
import { GET as getImageAssistants } from "@/app/api/assistants/generating_image/route";
import { GET as getAssistantSession } from "@/app/api/assistants/id/route";
import { GET as getListByCategory } from "@/app/api/assistants/list_by_category/route";
import { GET as getAssistantModels } from "@/app/api/assistants/models/route";
import { DELETE as removeFavorite, GET as getFavorites, POST as addFavorite } from "@/app/api/user/assistants/route";
import { GET as getCount } from "@/app/api/user/count/route";
import { catalogueAssistants, catalogueCategories } from "@/db/catalogue";
import { getDb } from "@/db";
import { assistants, botOutbox, dialogMessages, dialogSessions, favorites, users } from "@/db/schema";
import type { AssistantItem } from "@/lib/contracts/assistants";
import type { ModelItem } from "@/lib/contracts/models";
import { call, signIn } from "../../helpers/api";
import { modelIdByName, subscribe } from "../../helpers/subscribe";

async function assistantId(seedKey: string): Promise<number> {
  const db = await getDb();
  const [a] = await db.select({ id: assistants.id }).from(assistants).where(eq(assistants.seedKey, seedKey));
  return a.id;
}

async function favoriteRows(userId: number) {
  const db = await getDb();
  return db.select().from(favorites).where(eq(favorites.userId, userId));
}

describe("GET /api/assistants/categories", () => {
  it("lists the categories with name, image and ai_chat_type in order", async () => {
    const { token } = await signIn();
    const res = await call(getCategories, "GET", "/api/assistants/categories", { token });
    expect(res.status).toBe(200);
    expect(res.body.map((c: { ai_chat_type: string }) => c.ai_chat_type)).toEqual(catalogueCategories.map((c) => c.aiChatType));
    expect(res.body[0]).toMatchObject({ name: "Учёба", image: "/icons/categories/study.svg", ai_chat_type: "study" });
  });
});

describe("GET /api/assistants/list_by_category", () => {
  it("lists one category's assistants with has_user false for a new user", async () => {
    const { token } = await signIn();
    const res = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", { token, query: { type: "study" } });
    expect(res.status).toBe(200);
    expect(res.body.map((a) => a.name)).toEqual(catalogueAssistants.filter((a) => a.category === "study").map((a) => a.name));
    expect(res.body[0]).toMatchObject({ assistant_id: expect.any(Number), description: expect.any(String), image: expect.any(String), type: "text", has_user: false });
  });

  it("answers 404 for an unknown category and 400 without a type", async () => {
    const { token } = await signIn();
    expect((await call(getListByCategory, "GET", "/api/assistants/list_by_category", { token, query: { type: "nope" } })).status).toBe(404);
    expect((await call(getListByCategory, "GET", "/api/assistants/list_by_category", { token })).status).toBe(400);
  });
});

describe("GET /api/assistants/generating_image", () => {
  it("lists only image assistants with their tab", async () => {
    const { token } = await signIn();
    const res = await call<AssistantItem[]>(getImageAssistants, "GET", "/api/assistants/generating_image", { token });
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(catalogueAssistants.filter((a) => a.type === "generating_image").length);
    expect(res.body.every((a) => a.type === "generating_image" && ["editfoto", "genfoto"].includes(a.image_tab!))).toBe(true);
  });
});

describe("GET /api/assistants/models", () => {
  it("lists text and image models with the caller's access", async () => {
    const { token } = await signIn();
    const res = await call<ModelItem[]>(getAssistantModels, "GET", "/api/assistants/models", { token });
    expect(res.status).toBe(200);
    const names = res.body.map((m) => m.model_name);
    expect(names).toContain("gpt-4o-mini");
    expect(names).toContain("flux-kontext");
    expect(names).not.toContain("whisper");
    expect(res.body.find((m) => m.model_name === "claude-sonnet")!.actions[0].has_access).toBe(false);
  });
});

describe("POST /api/user/assistants", () => {
  it("adds a favourite once, in the nested and the flat form, and lists it with id", async () => {
    const { token, userId } = await signIn();
    const tutor = await assistantId("tutor");
    const nested = await call(addFavorite, "POST", "/api/user/assistants", {
      token,
      body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" },
    });
    expect(nested.status).toBe(200);
    expect(nested.body).toEqual({ success: true, assistant_id: tutor, has_user: true });
    const flat = await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: tutor, assistant_type: "study" } });
    expect(flat.status).toBe(200);
    expect(await favoriteRows(userId)).toHaveLength(1);

    const list = await call(getFavorites, "GET", "/api/user/assistants", { token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: tutor, name: "Репетитор", has_user: true, type: "text", ai_chat_type: "study" })]);
    const category = await call<AssistantItem[]>(getListByCategory, "GET", "/api/assistants/list_by_category", { token, query: { type: "study" } });
    expect(category.body.find((a) => a.assistant_id === tutor)!.has_user).toBe(true);
  });

  it("answers 404 for an unknown assistant and 400 for a malformed body, changing nothing", async () => {
    const { token, userId } = await signIn();
    expect((await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: 987_654 } })).status).toBe(404);
    expect((await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: "x" } })).status).toBe(400);
    expect((await call(addFavorite, "POST", "/api/user/assistants", { token, body: { assistant_id: { id: 1 } } })).status).toBe(400);
    expect((await call(addFavorite, "POST", "/api/user/assistants", { token, rawBody: "{oops", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await favoriteRows(userId)).toHaveLength(0);
  });
});

describe("DELETE /api/user/assistants", () => {
  it("removes only the caller's favourite and leaves another user's untouched", async () => {
    const alice = await signIn();
    const bob = await signIn();
    const tutor = await assistantId("tutor");
    for (const u of [alice, bob]) {
      await call(addFavorite, "POST", "/api/user/assistants", { token: u.token, body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" } });
    }
    const res = await call(removeFavorite, "DELETE", "/api/user/assistants", {
      token: alice.token,
      body: { assistant_id: { assistant_id: tutor }, assistant_type: "study" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, assistant_id: tutor, has_user: false });
    expect(await favoriteRows(alice.userId)).toHaveLength(0);
    expect(await favoriteRows(bob.userId)).toHaveLength(1);
    const bobList = await call(getFavorites, "GET", "/api/user/assistants", { token: bob.token });
    expect(bobList.body.map((a: { id: number }) => a.id)).toEqual([tutor]);
    // Removing again is harmless.
    const again = await call(removeFavorite, "DELETE", "/api/user/assistants", { token: alice.token, body: { assistant_id: tutor } });
    expect(again.status).toBe(200);
    expect((await call(removeFavorite, "DELETE", "/api/user/assistants", { token: alice.token, body: {} })).status).toBe(400);
  });
});

describe("GET /api/assistants/id", () => {
  it("starts a text assistant with a text model: session with the assistant, active, bot message", async () => {
    const { token, userId } = await signIn({ language_code: "en" });
    const tutor = await assistantId("tutor");
    const res = await call(getAssistantSession, "GET", "/api/assistants/id", {
      token,
      query: { assistant_id: tutor, model_id: await modelIdByName("gpt-4o-mini") },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, name: "Tutor", action: "text", assistant_id: tutor });
    const db = await getDb();
    const [session] = await db.select().from(dialogSessions).where(eq(dialogSessions.userId, userId));
    expect(session.assistantId).toBe(tutor);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user.activeSessionId).toBe(session.id);
    const [msg] = await db.select().from(botOutbox).where(eq(botOutbox.userId, userId));
    expect(msg.text).toContain("Assistant “Tutor” is ready (model GPT-4o mini)");
  });

  it("refuses an image model (400), a model outside the tariff (403), unknown ids (404) and malformed ones (400)", async () => {
    const { token, userId } = await signIn();
    const tutor = await assistantId("tutor");
    const q = (assistant_id: number | string, model_id: number | string) => ({ token, query: { assistant_id, model_id } });
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q(tutor, await modelIdByName("dall-e-3")))).status).toBe(400);
    const denied = await call(getAssistantSession, "GET", "/api/assistants/id", q(tutor, await modelIdByName("claude-sonnet")));
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain("not available in your tariff");
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q(999_999, 1))).status).toBe(404);
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q(tutor, 999_999))).status).toBe(404);
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q("abc", 1))).status).toBe(400);
    const imageAssistant = await call(getAssistantSession, "GET", "/api/assistants/id", q(await assistantId("logo"), await modelIdByName("gpt-4o-mini")));
    expect(imageAssistant.status).toBe(400);
    const db = await getDb();
    expect(await db.select().from(dialogSessions).where(eq(dialogSessions.userId, userId))).toHaveLength(0);
  });

  it("grants claude-sonnet to a Neuro Basic subscriber", async () => {
    const { token, userId } = await signIn();
    await subscribe({ userId, tariff: "Neuro Basic" });
    const res = await call(getAssistantSession, "GET", "/api/assistants/id", {
      token,
      query: { assistant_id: await assistantId("tutor"), model_id: await modelIdByName("claude-sonnet") },
    });
    expect(res.status).toBe(200);
  });
});

describe("GET /api/assistants/create_image_assistant_session", () => {
  it("maps action_type text to text_to_image and photo to generate_image, checking model and tariff", async () => {
    const { token, userId } = await signIn();
    const logo = await assistantId("logo");
    const path = "/api/assistants/create_image_assistant_session";
    const q = (model_id: number | string, action_type: string, assistant_id: number | string = logo) => ({
      token,
      query: { assistant_id, model_id, action_type },
    });
    const text = await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text"));
    expect(text.status).toBe(200);
    expect(text.body).toMatchObject({ action: "text_to_image", assistant_id: logo });
    // photo needs a generate_image model: dall-e-3 cannot, flux-kontext is not in Free.
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "photo"))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("flux-kontext"), "photo"))).status).toBe(403);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "video"))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("gpt-4o-mini"), "text"))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text", await assistantId("tutor")))).status).toBe(400);
    expect((await call(getImageSession, "GET", path, q(await modelIdByName("dall-e-3"), "text", 999_999))).status).toBe(404);

    await subscribe({ userId, tariff: "Starter" });
    const photo = await call(getImageSession, "GET", path, q(await modelIdByName("flux-kontext"), "photo"));
    expect(photo.status).toBe(200);
    expect(photo.body.action).toBe("generate_image");
  });
});

describe("GET /api/user/count", () => {
  it("counts the caller's sessions, favourites and messages, not another user's", async () => {
    const me = await signIn();
    const other = await signIn();
    expect((await call(getCount, "GET", "/api/user/count", { token: me.token })).body).toEqual({ sessions: 0, favorites: 0, messages: 0 });
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
    expect((await call(getCount, "GET", "/api/user/count", { token: other.token })).body).toEqual({ sessions: 0, favorites: 1, messages: 0 });
    expect(await db.select().from(favorites).where(and(eq(favorites.userId, other.userId)))).toHaveLength(1);
  });
});
