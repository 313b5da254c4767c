import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { balanceLedger, botOutbox, botTurns, dialogSessions, quotas } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// An answered turn's charge, its row's end and its answer's safety copy: one statement in the usual
// case, the transaction when a refill is due or the row changed under it (docs/decisions/0510-answer-charged-in-one-statement.md).
const h = botHarnessForFile();

const chatUser = () => h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 1_000 } });

async function runningTurn(u: Awaited<ReturnType<typeof chatUser>>) {
  const { insertTurn } = await import("@/lib/server/bot/turns");
  return insertTurn({
    db: await h.getDb(),
    userId: u.userId,
    chatId: u.telegramId,
    sessionId: u.sessionId,
    modelId: u.model.id,
    userText: "a question",
    action: "text",
  });
}

async function charge(u: Awaited<ReturnType<typeof chatUser>>, turnId: number, amount = 17) {
  const { chargeAnsweredTurn } = await import("@/lib/server/bot/turn-reservations");
  return chargeAnsweredTurn({
    db: await h.getDb(),
    turnId,
    status: "done",
    userId: u.userId,
    amount,
    refs: { modelName: "gpt-4o-mini", action: "text" },
    answer: { chatId: u.telegramId, parts: (left) => ["The answer, part one", `Part two · ${left} left`] },
  });
}

const ledgerOf = async (turnId: number) =>
  (await h.getDb()).select().from(balanceLedger).where(eq(balanceLedger.turnId, turnId));
const copiesIn = async (telegramId: number) =>
  (await h.getDb()).select().from(botOutbox).where(eq(botOutbox.chatId, telegramId)).orderBy(botOutbox.id);
const statusOf = async (turnId: number) =>
  (await (await h.getDb()).select({ status: botTurns.status }).from(botTurns).where(eq(botTurns.id, turnId)))[0]
    ?.status;

describe("an answered turn's charge", () => {
  it("ends the running turn, charges it once with its ledger row and holds the answer's parts in order with the balance left", async () => {
    const u = await chatUser();
    const turn = await runningTurn(u);
    const charged = await charge(u, turn.id);
    expect(charged).toMatchObject({ left: 1_000 - 17, fromPackage: 0 });
    expect(await statusOf(turn.id)).toBe("done");
    expect((await ledgerOf(turn.id)).map((r) => [r.kind, r.units, r.balanceAfter])).toEqual([
      ["text_tokens", -17, 983],
    ]);
    const copies = await copiesIn(u.telegramId);
    expect(copies.map((c) => c.text)).toEqual(["The answer, part one", "Part two · 983 left"]);
    expect(charged!.held).toEqual(copies.map((c) => c.id));
    expect(copies.every((c) => c.status === "pending" && c.userId === u.userId)).toBe(true);
    // A second charge of the same turn (a late duplicate) finds it ended: nothing more.
    expect(await charge(u, turn.id)).toBeNull();
    expect(await ledgerOf(turn.id)).toHaveLength(1);
    expect(await copiesIn(u.telegramId)).toHaveLength(2);
  });

  it("charges nothing and holds nothing when the turn was ended by another attempt", async () => {
    const u = await chatUser();
    const turn = await runningTurn(u);
    const { endPaidTurn } = await import("@/lib/server/bot/turn-reservations");
    await endPaidTurn({ db: await h.getDb(), turnId: turn.id, status: "abandoned" });
    expect(await charge(u, turn.id)).toBeNull();
    expect(await statusOf(turn.id)).toBe("abandoned");
    expect(await ledgerOf(turn.id)).toEqual([]);
    expect(await copiesIn(u.telegramId)).toEqual([]);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(1_000);
  });

  it("still charges an answer whose turn row went with its deleted session (the answer was given)", async () => {
    const u = await chatUser();
    const turn = await runningTurn(u);
    await (await h.getDb()).delete(dialogSessions).where(eq(dialogSessions.id, u.sessionId));
    expect(await statusOf(turn.id)).toBeUndefined();
    expect(await charge(u, turn.id)).toMatchObject({ left: 983 });
    expect((await h.quotasOf(u.userId)).textTokens).toBe(983);
    expect(await copiesIn(u.telegramId)).toHaveLength(2);
  });

  it("applies a refill that fell due first, then charges once, past the balance down to zero", async () => {
    const u = await chatUser();
    const turn = await runningTurn(u);
    const db = await h.getDb();
    await db
      .update(quotas)
      .set({ stepEndsAt: sql`now() - interval '1 minute'` })
      .where(eq(quotas.userId, u.userId));
    const charged = await charge(u, turn.id, 1_000_000);
    expect(charged).toMatchObject({ left: 0 });
    expect((await h.quotasOf(u.userId)).stepEndsAt).toBeNull();
    expect((await ledgerOf(turn.id)).map((r) => r.reason)).toEqual(["answer"]);
    expect((await copiesIn(u.telegramId)).map((c) => c.text)).toEqual(["The answer, part one", "Part two · 0 left"]);
    expect(await statusOf(turn.id)).toBe("done");
  });

  it("racing the hand-back of its update, exactly one of the two ends the turn: charged and held, or refunded and empty", async () => {
    const { endPaidTurn } = await import("@/lib/server/bot/turn-reservations");
    const db = await h.getDb();
    const u = await chatUser();
    const turns = await Promise.all(Array.from({ length: 8 }, () => runningTurn(u)));
    const outcomes = await Promise.all(
      turns.map(async (turn) => {
        const [charged] = await Promise.all([
          charge(u, turn.id, 10),
          endPaidTurn({ db, turnId: turn.id, status: "handed_over" }),
        ]);
        return { turn, charged };
      }),
    );
    let spent = 0;
    for (const { turn, charged } of outcomes) {
      const status = await statusOf(turn.id);
      const ledger = await ledgerOf(turn.id);
      if (charged) {
        spent += 10;
        expect([status, ledger.length, charged.held.length]).toEqual(["done", 1, 2]);
      } else expect([status, ledger.length]).toEqual(["handed_over", 0]);
    }
    expect((await h.quotasOf(u.userId)).textTokens).toBe(1_000 - spent);
    expect(await copiesIn(u.telegramId)).toHaveLength((spent / 10) * 2);
  });

  it("an answer the chat did not get live is due from the outbox at once, and sent from it once with its cost line", async () => {
    const { env } = await import("@/lib/env");
    const { telegramApi } = await import("@/lib/server/bot/telegram-api");
    const { deliverOutbox } = await import("@/lib/server/bot/outbox");
    const u = await chatUser();
    h.bot.failOn("sendMessage", { status: 500 });
    await h.post(h.messageUpdate(u.telegramId, { text: "a question" }));
    await h.drain();
    const [copy] = await copiesIn(u.telegramId);
    expect(copy.status).toBe("pending");
    expect(copy.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(copy.text).toMatch(/^Hello from the fake model\.[\s\S]*983/);
    const [message] = await h.messagesOf(u.sessionId);
    expect(message.aiText).toBe("Hello from the fake model.");
    await deliverOutbox({
      db: await h.getDb(),
      client: telegramApi({ token: env.BOT_TOKEN!, apiRoot: h.bot.url }),
      now: new Date(),
    });
    const answers = h.callsIn(u.telegramId, "sendMessage").map((m) => String(m.body.text));
    expect(answers.filter((t) => t.startsWith("Hello from the fake model"))).toHaveLength(1);
  });
});
