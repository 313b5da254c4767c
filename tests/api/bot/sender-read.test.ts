import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dialogMessages, dialogSessions } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// A text message's first read has the sender, their session, their balance and the session's latest
// messages in one statement: the same rows the turn's context would read on its own (context.ts).
const h = botHarnessForFile();

describe("the sender read of a text message", () => {
  it("carries the session's messages after its summary, newest first, as the context's own read has them", async () => {
    const { senderWithSession } = await import("@/lib/server/bot/session");
    const { contextMessages } = await import("@/lib/server/bot/context");
    const db = await h.getDb();
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text" });
    const [other] = await db
      .insert(dialogSessions)
      .values({ userId: u.userId, name: "other", modelId: u.model.id, action: "text" })
      .returning();
    const write = async (sessionId: number, userText: string) =>
      (
        await db
          .insert(dialogMessages)
          .values({ sessionId, userText, aiText: `answer to ${userText}`, documentText: null })
          .returning()
      )[0];
    const folded = await write(u.sessionId, "first");
    await write(other.id, "elsewhere");
    const second = await write(u.sessionId, "second");
    const third = await write(u.sessionId, "third");
    await db.update(dialogSessions).set({ summarisedThroughId: folded.id }).where(eq(dialogSessions.id, u.sessionId));

    const sender = await senderWithSession({ db, telegramId: u.telegramId, withLatest: true });
    expect(sender!.active!.session.summarisedThroughId).toBe(folded.id);
    expect(sender!.latest).toEqual([
      { id: third.id, userText: "third", aiText: "answer to third", documentText: null, userFileUrl: null },
      { id: second.id, userText: "second", aiText: "answer to second", documentText: null, userFileUrl: null },
    ]);
    const alone = { db, sessionId: u.sessionId, budget: 10_000, afterId: folded.id };
    expect(await contextMessages({ ...alone, read: sender!.latest })).toEqual(await contextMessages(alone));
    // Any other update's read leaves them out.
    expect((await senderWithSession({ db, telegramId: u.telegramId }))!.latest).toBeUndefined();
  });

  it("reads no messages for an image session's text, which is a prompt, not a dialogue turn", async () => {
    const { senderWithSession } = await import("@/lib/server/bot/session");
    const db = await h.getDb();
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text_to_image" });
    await db.insert(dialogMessages).values({ sessionId: u.sessionId, userText: "a cat", aiText: null });
    const sender = await senderWithSession({ db, telegramId: u.telegramId, withLatest: true });
    expect(sender!.active!.session.action).toBe("text_to_image");
    expect(sender!.latest).toBeUndefined();
    const { latestMessagesColumn } = await import("@/lib/server/bot/context");
    const [read] = await db
      .select({ latest: latestMessagesColumn })
      .from(dialogSessions)
      .where(eq(dialogSessions.id, u.sessionId));
    expect(read.latest).toBeNull();
  });

  it("has no messages for a sender without an active session", async () => {
    const { senderWithSession } = await import("@/lib/server/bot/session");
    const telegramId = h.newTelegramId();
    await h.send(telegramId, { text: "/start" });
    const sender = await senderWithSession({ db: await h.getDb(), telegramId, withLatest: true });
    expect(sender!.active).toBeNull();
    expect(sender!.latest).toBeUndefined();
  });
});
