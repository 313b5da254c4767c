import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { modelUsage, models, users } from "@/db/schema";
import { botHarnessForFile } from "./harness";

// Loaded after the harness set its environment (the database module reads it).
const getDb = async () => (await import("@/db")).getDb();

// A model the operator switches off in the console: its running sessions are told once, at their next message.
const h = botHarnessForFile();

describe("a session whose model was switched off", () => {
  it("is told once in the user's language, ends, and the model is not called", async () => {
    const { telegramId, userId } = await h.chatUser({ modelName: "gemini-flash", action: "text" });
    const db = await getDb();
    await db.update(models).set({ enabled: false }).where(eq(models.modelName, "gemini-flash"));
    try {
      await h.post(h.messageUpdate(telegramId, { text: "hello" }));
      await h.drain();
      expect(h.ai.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(0);
      const notice = h.callsIn(telegramId, "sendMessage").at(-1)!;
      expect(notice.body.text).toBe(
        "Gemini Flash has been switched off. Choose another model in the app, then write to me here.",
      );
      expect((await db.select().from(users).where(eq(users.id, userId)))[0].activeSessionId).toBeNull();

      await h.post(h.messageUpdate(telegramId, { text: "again" }));
      await h.drain();
      expect(
        h.callsIn(telegramId, "sendMessage").filter((c) => String(c.body.text).includes("switched off")),
      ).toHaveLength(1);
    } finally {
      await db.update(models).set({ enabled: true }).where(eq(models.modelName, "gemini-flash"));
    }
  });

  it("a text turn on an enabled model records its reported tokens and provider cost", async () => {
    const { telegramId, userId } = await h.chatUser({ modelName: "gpt-4o-mini", action: "text" });
    await h.post(h.messageUpdate(telegramId, { text: "What is 2+2?" }));
    await h.drain();
    const [usage] = await (await getDb()).select().from(modelUsage).where(eq(modelUsage.userId, userId));
    expect(usage).toMatchObject({ modelName: "gpt-4o-mini", action: "text", quantity: 17 });
    expect(usage.costUsd).toBeCloseTo((17 / 1000) * 0.0006, 10);
  });
});
