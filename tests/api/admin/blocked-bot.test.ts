import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "@/db/schema";
import { botHarnessForFile } from "../bot/harness";

// The bot path of a user an operator blocked: every message gets the refusal, in their language, and nothing else runs.
const h = botHarnessForFile();

describe("a blocked user writing to the bot", () => {
  it("gets a refusal in their language instead of an answer, and is answered again once unblocked", async () => {
    const { telegramId, userId } = await h.chatUser({
      modelName: "gpt-4o-mini",
      action: "text",
      quota: { textTokens: 1000 },
    });
    const db = await h.getDb();
    await db.update(users).set({ blockedAt: new Date() }).where(eq(users.id, userId));
    await h.send(telegramId, { text: "Hello?" });
    expect(h.textsIn(telegramId).at(-1)).toBe(
      "Your account has been blocked by the administrator, so the bot does not answer your messages. If this is a mistake, please contact support.",
    );
    expect(h.ai.requests).toEqual([]);
    expect((await h.quotasOf(userId)).textTokens).toBe(1000);

    await db.update(users).set({ blockedAt: null }).where(eq(users.id, userId));
    await h.send(telegramId, { text: "Hello?" });
    expect(h.ai.requests).toHaveLength(1);
  });
});
