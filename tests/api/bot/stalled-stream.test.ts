import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { botTurns } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// A model stream that stops sending (AI_STALL_SECONDS without a piece) is a failure, not an answer:
// what came is shown with the "cut off" line and Retry, nothing is charged or kept as context
// (docs/decisions/0240-cut-answers-not-charged.md).
const h = botHarnessForFile({ AI_STALL_SECONDS: "0.5", AI_TIMEOUT_SECONDS: "20" });

describe("a stalled model stream", () => {
  it("ends as cut off after two chunks: the part shown with the cut-off line and Retry, nothing charged; Retry answers and charges once", async () => {
    const { telegramId, userId, sessionId } = await h.chatUser({
      modelName: "gpt-4o-mini",
      action: "text",
      quota: { textTokens: 1000 },
    });
    h.ai.mode = "stall";
    h.ai.answer = "Partial answer"; // two chunks, then silence
    await h.post(h.messageUpdate(telegramId, { text: "tell me" }));
    await h.drain();
    const db = await h.getDb();
    const [turn] = await db.select().from(botTurns).where(eq(botTurns.userId, userId));
    expect(turn.status).toBe("failed");
    const cut = h.callsIn(telegramId, "sendMessage").at(-1)!;
    expect(cut.body.text).toBe(
      "Partial answer\n\n✂️ The answer was cut off: the model stopped writing. Nothing was charged. Press Retry, or choose another model.",
    );
    expect(JSON.stringify(cut.body.reply_markup)).toContain(`"callback_data":"retry:${turn.id}"`);
    expect((await h.quotasOf(userId)).textTokens).toBe(1000);
    expect(await h.messagesOf(sessionId)).toHaveLength(0);

    h.ai.mode = "normal";
    h.ai.answer = "The full answer";
    await h.post(h.buttonPress(telegramId, `retry:${turn.id}`));
    await h.drain();
    expect(h.callsIn(telegramId, "sendMessage").at(-1)!.body.text).toBe(
      "The full answer\n\n— text units: 17, left: 983 · context 0%",
    );
    expect((await h.quotasOf(userId)).textTokens).toBe(983);
    expect(await h.messagesOf(sessionId)).toMatchObject([{ userText: "tell me", aiText: "The full answer" }]);
  });
});
