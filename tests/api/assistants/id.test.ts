import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getAssistantSession } from "@/app/api/assistants/id/route";
import { getDb } from "@/db";
import { botOutbox, dialogSessions, users } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { modelIdByName, subscribe } from "../../helpers/subscribe";
import { assistantId } from "../../helpers/assistants";

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
    const q = (assistant_id: number | string, model_id: number | string) => ({
      token,
      query: { assistant_id, model_id },
    });
    expect(
      (await call(getAssistantSession, "GET", "/api/assistants/id", q(tutor, await modelIdByName("dall-e-3")))).status,
    ).toBe(400);
    const denied = await call(
      getAssistantSession,
      "GET",
      "/api/assistants/id",
      q(tutor, await modelIdByName("claude-sonnet")),
    );
    expect(denied.status).toBe(403);
    expect(denied.body.error.message).toContain("not available in your tariff");
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q(999_999, 1))).status).toBe(404);
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q(tutor, 999_999))).status).toBe(404);
    expect((await call(getAssistantSession, "GET", "/api/assistants/id", q("abc", 1))).status).toBe(400);
    const imageAssistant = await call(
      getAssistantSession,
      "GET",
      "/api/assistants/id",
      q(await assistantId("logo"), await modelIdByName("gpt-4o-mini")),
    );
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
