import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { dialogSessions, models } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// Context you can see: the cost line says how full the model's context is; when the earlier turns
// no longer fit BOT_CONTEXT_TOKENS, the oldest are replaced by a summary the session's model writes,
// charged like an answer and announced in the chat. A model's own budget (models.context_tokens)
// counts when it is set, within BOT_CONTEXT_TOKENS.
const h = botHarnessForFile({ BOT_CONTEXT_TOKENS: "200" });
const chat = () => h.ai.requests.filter((r) => r.path === "/v1/chat/completions");

describe("context fullness and summaries", () => {
  it("the cost line shows how full the context is", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "a".repeat(200) });
    // 50 tokens of question and 7 of answer in a budget of 200.
    expect(h.textsIn(u.telegramId).at(-1)).toMatch(/— text units: 17, left: 983 · context 29%$/);
  });

  it("turns past the budget are summarised once, stored with the session, charged and announced; later turns see the summary", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    await h.send(u.telegramId, { text: "My cat is called Tom. ".repeat(27) }); // about 150 tokens
    const [first] = await h.messagesOf(u.sessionId);
    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "b".repeat(300) });

    const [summaryCall, answerCall] = chat();
    expect(chat()).toHaveLength(2);
    expect(summaryCall.body.messages[0].content).toMatch(/^Summarise the dialogue below/);
    expect(summaryCall.body.messages[1].content).toContain("User: My cat is called Tom.");
    expect(answerCall.body.messages).toEqual([
      { role: "system", content: "Summary of the earlier part of this dialogue:\nHello from the fake model." },
      { role: "user", content: "b".repeat(300) },
    ]);
    const texts = h.textsIn(u.telegramId);
    expect(texts.filter((t) => t?.startsWith("📝"))).toEqual([
      "📝 The start of the dialogue was summarised to fit the model's context — text units: 17, left: 966",
    ]);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(1000 - 17 * 3);
    const [session] = await (await h.getDb()).select().from(dialogSessions).where(eq(dialogSessions.id, u.sessionId));
    expect(session).toMatchObject({ summary: "Hello from the fake model.", summarisedThroughId: first.id });

    h.ai.requests.length = 0;
    await h.send(u.telegramId, { text: "and now?" });
    expect(chat()).toHaveLength(1);
    expect(chat()[0].body.messages.map((m: { role: string }) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "user",
    ]);
    expect(h.textsIn(u.telegramId).filter((t) => t?.startsWith("📝"))).toHaveLength(1);
  });

  it("a summary leaves room for itself: the turn after it is not summarised again", async () => {
    const u = await h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1000 } });
    // Answers (and so summaries) of 50 tokens, questions of 20: each turn takes 70 of the 200.
    h.ai.answer = "z".repeat(200);
    try {
      for (let i = 1; i <= 5; i++) await h.send(u.telegramId, { text: String(i).repeat(80) });
    } finally {
      h.ai.answer = "Hello from the fake model.";
    }
    expect(h.textsIn(u.telegramId).filter((t) => t?.startsWith("📝"))).toHaveLength(1);
  });

  describe("each model's own budget", () => {
    const budgets = { "gpt-4o": 100, "deepseek-chat": null, "gemini-flash": 1_000_000 };
    const seeded = new Map<string, number | null>();
    const setBudgets = async () => {
      const db = await h.getDb();
      for (const [modelName, contextTokens] of Object.entries(budgets)) {
        const [row] = await db
          .select({ contextTokens: models.contextTokens })
          .from(models)
          .where(eq(models.modelName, modelName));
        seeded.set(modelName, row.contextTokens);
        await db.update(models).set({ contextTokens }).where(eq(models.modelName, modelName));
      }
    };
    afterEach(async () => {
      const db = await h.getDb();
      for (const [modelName, contextTokens] of seeded)
        await db.update(models).set({ contextTokens }).where(eq(models.modelName, modelName));
    });

    it("gives the cost line's percentage of the session model's budget; none, or one past BOT_CONTEXT_TOKENS, means BOT_CONTEXT_TOKENS", async () => {
      await setBudgets();
      const percents: Record<string, string | undefined> = {};
      for (const modelName of Object.keys(budgets)) {
        const u = await h.chatUser({ modelName, action: "text", quota: { textTokens: 1000 } });
        await h.send(u.telegramId, { text: "a".repeat(200) });
        percents[modelName] = h
          .textsIn(u.telegramId)
          .at(-1)
          ?.match(/context (\d+)%$/)?.[1];
      }
      // 57 tokens in a budget of 100, and of 200 (no budget, and one capped at 200).
      expect(percents).toEqual({ "gpt-4o": "57", "deepseek-chat": "29", "gemini-flash": "29" });
    });

    it("summarises when the session model's budget is passed, not another's", async () => {
      await setBudgets();
      const summarised: Record<string, number> = {};
      for (const modelName of ["gpt-4o", "deepseek-chat"]) {
        const u = await h.chatUser({ modelName, action: "text", quota: { textTokens: 1000 } });
        await h.send(u.telegramId, { text: "My cat is called Tom. ".repeat(12) }); // about 66 tokens
        await h.send(u.telegramId, { text: "b".repeat(120) });
        summarised[modelName] = h.textsIn(u.telegramId).filter((t) => t?.startsWith("📝")).length;
      }
      expect(summarised).toEqual({ "gpt-4o": 1, "deepseek-chat": 0 });
    });
  });
});
