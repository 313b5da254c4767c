import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { balanceLedger, botOutbox, botTurns, botUpdates } from "@/db/schema"; // schema reads no settings
import { splitLikeTelegram } from "../../fakes/telegram-split";
import { botHarnessForFile } from "./harness";

// The bot-updates worker as instances run it (docs/decisions/0019-bot-updates-stored-then-worked.md):
// woken by its own webhook or by LISTEN/NOTIFY, never waiting on a timer for an ordinary message,
// joining a paste Telegram split, and handing its turns to another instance at shutdown. Timers and
// the clock are fakes: a test moves time, it never sleeps on it.
const h = botHarnessForFile({ BOT_PASTE_JOIN_MS: "1000", AI_TIMEOUT_SECONDS: "20" });
const HOUR = 3_600_000;

/** Wake timers the worker arms, fired by the test. */
function fakeTimers() {
  const armed = new Map<number, { wake: () => void; ms: number }>();
  let next = 1;
  return {
    armed,
    setTimeout: (wake: () => void, ms: number) => (armed.set(next, { wake, ms }), next++),
    clearTimeout: (handle: unknown) => void armed.delete(handle as number),
    fireAll() {
      const due = [...armed.values()];
      armed.clear();
      for (const timer of due) timer.wake();
    },
  };
}

/** Polls until `check` holds (work another instance was woken for); fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

const workers: { stop: (o: { deadlineMs: number }) => Promise<void> }[] = [];
type Graces = {
  handOverGraceMs?: number;
  finishingGraceMs?: number;
  renewEveryMs?: number;
  settleBackoffMs?: number[];
};
async function instance({
  own,
  timers = fakeTimers(),
  concurrency,
  ...graces
}: { own: boolean; timers?: ReturnType<typeof fakeTimers>; concurrency?: number } & Graces) {
  const { createUpdateWorker } = await import("@/lib/server/bot/updates-job");
  const worker = createUpdateWorker({ db: await h.getDb(), timers, safetyPollMs: HOUR, concurrency, ...graces });
  await worker.listen({ own });
  workers.push(worker);
  return { worker, timers };
}

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop({ deadlineMs: 0 })));
  (await import("@/lib/server/clock")).setClockForTests();
});

const chatUser = () => h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
const modelRequests = () => h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
const priceNotices = (telegramId: number) =>
  h.callsIn(telegramId, "sendMessage").filter((m) => /^(This costs|Это стоит)/.test(String(m.body.text)));
const lastText = (telegramId: number) => h.callsIn(telegramId, "sendMessage").at(-1)?.body.text as string | undefined;

describe("the bot-updates worker", () => {
  it("answers a short message at once: the instance that stored it takes it, no timer is armed", async () => {
    const { telegramId } = await chatUser();
    const { worker, timers } = await instance({ own: true });
    await h.post(h.messageUpdate(telegramId, { text: "a short question" }));
    await worker.settled();
    expect(timers.armed.size).toBe(0);
    expect(modelRequests().at(-1)!.body.messages.at(-1)).toEqual({ role: "user", content: "a short question" });
    expect(lastText(telegramId)).toContain("Hello from the fake model");
  });

  it("joins a long paste Telegram split (a 4096-character part, then its continuation) into one turn after the join window", async () => {
    const { telegramId, sessionId } = await chatUser();
    const { setClockForTests } = await import("@/lib/server/clock");
    const { worker, timers } = await instance({ own: true });
    const sentence = "A pasted line of a long text, long enough to be split. ";
    const paste = Array.from({ length: 90 }, (_, i) => `${i}: ${sentence}`).join("");
    const parts = splitLikeTelegram(paste);
    expect(parts).toHaveLength(2);
    expect(parts[0].length).toBeGreaterThan(2048);
    // Also a client that cuts at the limit itself: a part of exactly 4096 characters.
    const hardCut = [paste.slice(0, 4096), paste.slice(4096)];

    for (const pasted of [parts, hardCut]) {
      h.ai.requests.length = 0;
      for (const text of pasted) await h.post(h.messageUpdate(telegramId, { text }));
      await worker.settled();
      // The first part may have a continuation: one wake timer for the window, nothing answered yet.
      expect([...timers.armed.values()].map((t) => t.ms)).toEqual([1000]);
      expect(modelRequests()).toHaveLength(0);
      const later = Date.now() + 1001;
      setClockForTests(() => later);
      timers.fireAll();
      await worker.settled();
      setClockForTests();
      expect(modelRequests()).toHaveLength(1);
      expect(modelRequests()[0].body.messages.at(-1)).toEqual({ role: "user", content: pasted.join("\n") });
    }
    expect((await h.messagesOf(sessionId)).map((m) => m.userText)).toEqual([parts.join("\n"), hardCut.join("\n")]);
  });

  it("LISTEN/NOTIFY wakes a second instance: an update stored by one webhook is answered by a worker that did not store it", async () => {
    const { telegramId } = await chatUser();
    // Only another instance listens (no worker of this instance, polling an hour apart).
    const { worker } = await instance({ own: false });
    await h.post(h.messageUpdate(telegramId, { text: "who takes this?" }));
    await until(() => lastText(telegramId)?.includes("Hello from the fake model") ?? false);
    await worker.settled();
    expect(modelRequests().at(-1)!.body.messages.at(-1)).toEqual({ role: "user", content: "who takes this?" });
  });

  it("the webhook's store tells every other instance itself, once per new update, and not the worker it woke", async () => {
    const { listenForUpdates } = await import("@/lib/server/bot/update-signal");
    const { telegramId } = await chatUser();
    const { worker } = await instance({ own: true });
    const db = await h.getDb();
    const wakes = { own: 0, other: 0 };
    const stop = await Promise.all([
      listenForUpdates(db, { worker: worker.id, onWake: () => wakes.own++ }),
      listenForUpdates(db, { worker: "other-worker", onWake: () => wakes.other++ }),
    ]);
    try {
      const update = h.messageUpdate(telegramId, { text: "one message" });
      await h.post(update);
      await h.post(update); // Telegram's retry of the same update_id: not stored again, nobody told
      await worker.settled();
      await until(() => wakes.other === 1);
      expect(wakes.own).toBe(0);
      expect(modelRequests()).toHaveLength(1);
    } finally {
      await Promise.all(stop.map((unlisten) => unlisten()));
    }
  });

  it("a message sent while its chat's turn runs is taken as soon as that turn is settled, without a poll", async () => {
    const { telegramId } = await chatUser();
    const { worker, timers } = await instance({ own: true });
    h.ai.streamDelayMs = 200;
    await h.post(h.messageUpdate(telegramId, { text: "the first question" }));
    await until(() => modelRequests().length === 1);
    await h.post(h.messageUpdate(telegramId, { text: "the second question" }));
    await worker.settled();
    // No timer fired and the safety poll is an hour away: the first turn's end took the second.
    expect(timers.armed.size).toBe(0);
    expect(modelRequests().map((r) => r.body.messages.at(-1).content)).toEqual([
      "the first question",
      "the second question",
    ]);
    expect(
      h.callsIn(telegramId, "sendMessage").filter((m) => String(m.body.text).includes("Hello from the fake model")),
    ).toHaveLength(2);
  });

  it("another chat's message waits for a free slot and is taken when one frees, without a poll", async () => {
    const first = await chatUser();
    const second = await chatUser();
    const { worker, timers } = await instance({ own: true, concurrency: 1 });
    h.ai.streamDelayMs = 200;
    await h.post(h.messageUpdate(first.telegramId, { text: "the first chat" }));
    await until(() => modelRequests().length === 1);
    await h.post(h.messageUpdate(second.telegramId, { text: "the second chat" }));
    await worker.settled();
    expect(timers.armed.size).toBe(0);
    expect(modelRequests().map((r) => r.body.messages.at(-1).content)).toEqual(["the first chat", "the second chat"]);
  });

  it("a worker woken by its own webhook is not woken again by that store's notification; every other listener is", async () => {
    const { announceUpdate, listenForUpdates } = await import("@/lib/server/bot/update-signal");
    const db = await h.getDb();
    const wakes = { own: 0, other: 0 };
    const stop = await Promise.all([
      listenForUpdates(db, { worker: "own-worker", onWake: () => wakes.own++ }),
      listenForUpdates(db, { worker: "other-worker", onWake: () => wakes.other++ }),
    ]);
    try {
      announceUpdate(db, { woken: "own-worker" }); // a store its webhook handed to "own-worker" directly
      announceUpdate(db); // a store with no worker of its own instance (or a handed-back update)
      await until(() => wakes.other === 2);
      expect(wakes.own).toBe(1);
    } finally {
      await Promise.all(stop.map((unlisten) => unlisten()));
    }
  });

  it.each([
    ["the turns wind down and hand their updates back", false],
    ["a turn too slow to wind down has its update handed back by the worker", true],
  ])(
    "shutdown with turns in flight hands them to a second instance (%s): each answered once, charged once, no turn left running",
    async (_, slowBotApi) => {
      const first = await chatUser();
      const second = await chatUser();
      // A Bot API that does not answer the drafts' frames holds the turns' wind-down past the grace.
      const { worker: leaving } = await instance({ own: true, handOverGraceMs: slowBotApi ? 0 : undefined });
      const frames = slowBotApi
        ? h.bot.hold((call) => call.method === "sendMessageDraft" && Boolean(call.body.text))
        : null;
      h.ai.mode = "stall";
      h.ai.answer = "Half an answer";
      await h.post(h.messageUpdate(first.telegramId, { text: "first chat" }));
      await h.post(h.messageUpdate(second.telegramId, { text: "second chat" }));
      const db = await h.getDb();
      const leavingTurns = () =>
        db
          .select()
          .from(botTurns)
          .where(inArray(botTurns.userId, [first.userId, second.userId]));
      await until(
        async () => modelRequests().length === 2 && (await leavingTurns()).length === 2 && (frames?.waiting ?? 2) === 2,
      );
      const { worker: staying } = await instance({ own: false });
      h.ai.mode = "normal";
      h.ai.answer = "The whole answer";
      const handedOver = (await leavingTurns()).map((t) => t.id);
      await leaving.stop({ deadlineMs: 0 });
      // The instance may exit as soon as stop() answers: none of its turns is left running by then.
      const ended = await db.select().from(botTurns).where(inArray(botTurns.id, handedOver));
      frames?.release();
      expect(ended.map((t) => t.status)).toEqual(["handed_over", "handed_over"]);
      await until(() => [first, second].every((u) => lastText(u.telegramId)?.startsWith("The whole answer")));
      await staying.settled();

      const turns = await db
        .select()
        .from(botTurns)
        .where(inArray(botTurns.userId, [first.userId, second.userId]));
      expect(turns.map((t) => t.status).sort()).toEqual(["done", "done", "handed_over", "handed_over"]);
      for (const user of [first, second]) {
        expect(
          h.callsIn(user.telegramId, "sendMessage").filter((m) => String(m.body.text).startsWith("The whole answer")),
        ).toHaveLength(1);
        expect(await h.messagesOf(user.sessionId)).toHaveLength(1);
        expect((await h.quotasOf(user.userId)).textTokens).toBe(100_000 - 17);
      }
      const updates = await db
        .select()
        .from(botUpdates)
        .where(inArray(botUpdates.chatId, [first.telegramId, second.telegramId]));
      expect(updates.filter((u) => u.status !== "done")).toEqual([]);
      expect(await db.select().from(botTurns).where(eq(botTurns.status, "running"))).toEqual([]);
    },
  );

  it("shutdown waits for a turn already sending its answer instead of handing it over: answered once, by the instance that ran it", async () => {
    const u = await chatUser();
    const { worker: leaving } = await instance({ own: true, handOverGraceMs: 0, finishingGraceMs: 10_000 });
    h.ai.answer = "The whole answer";
    const answer = h.bot.hold(
      (call) => call.method === "sendMessage" && String(call.body.text).startsWith("The whole answer"),
    );
    await h.post(h.messageUpdate(u.telegramId, { text: "a question" }));
    await until(() => answer.waiting === 1);
    const { worker: staying } = await instance({ own: false });
    const stopping = leaving.stop({ deadlineMs: 0 });
    // Telegram answers the send a moment after the deadline and the hand-over grace have passed.
    setTimeout(answer.release, 100);
    await stopping;
    // Settled by the instance that ran it: nothing was handed over for the other to take.
    const db = await h.getDb();
    expect(
      (await db.select().from(botUpdates).where(eq(botUpdates.chatId, u.telegramId))).filter(
        (row) => row.status !== "done",
      ),
    ).toEqual([]);
    await staying.settled();

    expect(
      h.callsIn(u.telegramId, "sendMessage").filter((m) => String(m.body.text).startsWith("The whole answer")),
    ).toHaveLength(1);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(1);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(100_000 - 17);
    expect((await db.select().from(botTurns).where(eq(botTurns.userId, u.userId))).map((t) => t.status)).toEqual([
      "done",
    ]);
  });

  it("shutdown cuts a flood wait on a paid answer's send: the answer goes to the outbox, the update is settled, charged once", async () => {
    const u = await chatUser();
    const { setRateLimitWaitForTests } = await import("@/lib/server/bot/telegram-limits");
    // Telegram's 30 s are not sat out here: the wait ends only when something cuts it.
    const waits: number[] = [];
    setRateLimitWaitForTests(
      (ms, cut) =>
        new Promise((resolve) => (waits.push(ms), cut?.addEventListener("abort", () => resolve(), { once: true }))),
    );
    try {
      // No finishing grace: the turn must settle by itself, not by the worker waiting for it.
      const { worker: leaving } = await instance({ own: true, handOverGraceMs: 10_000, finishingGraceMs: 0 });
      const asked = modelRequests().length;
      h.ai.answer = "The whole answer";
      h.bot.failOn("sendMessage", { status: 429, retryAfter: 30 });
      const update = h.messageUpdate(u.telegramId, { text: "a question" });
      await h.post(update);
      // Past its model call and charged, the turn waits out the 429 on its answer's send.
      await until(() => waits.length === 1);
      expect(waits).toEqual([30_000]);
      const { worker: staying } = await instance({ own: false });
      await leaving.stop({ deadlineMs: 0 });
      const db = await h.getDb();
      expect(
        (await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id))).map((row) => row.status),
      ).toEqual(["done"]);
      await staying.settled();

      expect(modelRequests().length - asked).toBe(1);
      expect(
        h.callsIn(u.telegramId, "sendMessage").filter((m) => String(m.body.text).startsWith("The whole answer")),
      ).toHaveLength(0);
      // The outbox delivers it, at Telegram's pace, from whichever instance runs the outbox job.
      expect(
        (await db.select().from(botOutbox).where(eq(botOutbox.chatId, u.telegramId))).map((row) => [
          row.status,
          row.text.split("\n")[0],
        ]),
      ).toEqual([["pending", "The whole answer"]]);
      expect(await h.messagesOf(u.sessionId)).toHaveLength(1);
      expect((await h.quotasOf(u.userId)).textTokens).toBe(100_000 - 17);
      expect((await db.select().from(botTurns).where(eq(botTurns.userId, u.userId))).map((t) => t.status)).toEqual([
        "done",
      ]);
    } finally {
      setRateLimitWaitForTests();
    }
  });

  it("shutdown with an image job in flight gives its units back and hands it over: drawn once, paid once", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 18 } });
    const { worker: leaving } = await instance({ own: true });
    h.ai.mode = "hang";
    await h.post(h.messageUpdate(u.telegramId, { text: "a red fox in the snow" }));
    await until(() => h.ai.requests.some((r) => r.path === "/v1/images/generations"));
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
    const { worker: staying } = await instance({ own: false });
    h.ai.mode = "normal";
    await leaving.stop({ deadlineMs: 0 });
    await until(() => h.mediaIn(u.telegramId).length === 1);
    await staying.settled();

    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
    expect(h.ai.requests.filter((r) => r.path === "/v1/images/generations")).toHaveLength(2);
    // The price was told by the instance that began the job; the one that finished it does not repeat it.
    expect(priceNotices(u.telegramId)).toHaveLength(1);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(1);
    const db = await h.getDb();
    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId));
    expect(turns.map((t) => t.status).sort()).toEqual(["done", "handed_over"]);
    const updates = await db.select().from(botUpdates).where(eq(botUpdates.chatId, u.telegramId));
    expect(updates.filter((row) => row.status !== "done")).toEqual([]);
  });

  it("an instance that dies mid image job: the next attempt at its update ends the dead turn and gives its units back; drawn again, paid once", async () => {
    const u = await h.chatUser({ modelName: "dall-e-3", action: "text_to_image", quota: { imageTokens: 18 } });
    // Dead: it never renews its lease.
    const { worker: dying } = await instance({ own: true, renewEveryMs: HOUR });
    h.ai.mode = "hang";
    const update = h.messageUpdate(u.telegramId, { text: "a red fox in the snow" });
    await h.post(update);
    await until(() => h.ai.requests.some((r) => r.path === "/v1/images/generations"));
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
    // The instance is gone without a word: its lease runs out (6 s, whatever the model timeout) and another takes the update.
    h.ai.mode = "normal";
    const { setClockForTests } = await import("@/lib/server/clock");
    setClockForTests(() => Date.now() + 7_000);
    const { worker: staying } = await instance({ own: false });
    await until(() => h.mediaIn(u.telegramId).length === 1);
    await staying.settled();

    const db = await h.getDb();
    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => [t.status, t.updateId])).toEqual([
      ["abandoned", update.update_id],
      ["done", update.update_id],
    ]);
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
    // Reserved, given back by the attempt that ended the dead turn, reserved again: each row names its turn.
    const ledger = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId)))
      .orderBy(balanceLedger.id);
    expect(ledger.map((row) => [row.reason, row.units, row.turnId])).toEqual([
      ["image", -6, turns[0].id],
      ["giveback", 6, turns[0].id],
      ["image", -6, turns[1].id],
    ]);
    expect(
      (await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id))).map((row) => [
        row.status,
        row.attempts,
      ]),
    ).toEqual([["done", 2]]);
    expect(priceNotices(u.telegramId)).toHaveLength(1);

    // The dead instance's turn, had it lived on, finds its row ended: it gives nothing back a second time.
    await dying.stop({ deadlineMs: 0 });
    expect((await h.quotasOf(u.userId)).imageTokens).toBe(12);
    expect(
      await db
        .select()
        .from(balanceLedger)
        .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId))),
    ).toHaveLength(3);
    expect(await db.select().from(botTurns).where(eq(botTurns.status, "running"))).toEqual([]);
  });

  it("an update whose turn was answered before its instance died is settled by the next attempt, not answered and charged again", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    const update = h.messageUpdate(u.telegramId, { text: "a question" });
    // What the dead instance left: its claim expired, its turn answered and charged (ended done), the update never settled.
    await db.insert(botUpdates).values({
      updateId: update.update_id,
      chatId: u.telegramId,
      payload: update,
      status: "processing",
      attempts: 1,
      lockedUntil: new Date(Date.now() - 1_000),
    });
    await db.insert(botTurns).values({
      userId: u.userId,
      chatId: u.telegramId,
      sessionId: u.sessionId,
      userText: "a question",
      updateId: update.update_id,
      status: "done",
    });
    const asked = modelRequests().length;
    const sent = h.callsIn(u.telegramId, "sendMessage").length;
    const { worker } = await instance({ own: false });
    await until(
      async () =>
        (await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id)))[0].status === "done",
    );
    await worker.settled();

    expect(modelRequests().length - asked).toBe(0);
    expect(h.callsIn(u.telegramId, "sendMessage")).toHaveLength(sent);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(100_000);
  });

  it("shutdown mid voice note (its answer streaming) gives the minutes back and hands it over: heard again, answered once, paid minutes + tokens once", async () => {
    const u = await h.chatUser({
      modelName: "gpt-4o-mini",
      action: "text",
      quota: { textTokens: 1000, audioTokens: 220 },
    });
    const { worker: leaving } = await instance({ own: true });
    h.ai.mode = "stall";
    const voice = { ...h.bot.addFile(Buffer.from("OggS voice")), duration: 10, mime_type: "audio/ogg" };
    await h.post(h.messageUpdate(u.telegramId, { voice }));
    await until(() => modelRequests().length === 1);
    expect((await h.quotasOf(u.userId)).audioTokens).toBe(198);
    const { worker: staying } = await instance({ own: false });
    h.ai.mode = "normal";
    await leaving.stop({ deadlineMs: 0 });
    await until(() => /audio units: 22, left: 198; text units: 17/.test(lastText(u.telegramId) ?? ""));
    await staying.settled();

    expect(h.ai.requests.filter((r) => r.path === "/v1/audio/transcriptions")).toHaveLength(2);
    expect(await h.quotasOf(u.userId)).toMatchObject({ audioTokens: 198, textTokens: 983 });
    const db = await h.getDb();
    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => t.status)).toEqual(["handed_over", "done"]);
    const ledger = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), isNotNull(balanceLedger.turnId)))
      .orderBy(balanceLedger.id);
    expect(ledger.map((row) => [row.reason, row.units, row.turnId])).toEqual([
      ["audio", -22, turns[0].id],
      ["giveback", 22, turns[0].id],
      ["audio", -22, turns[1].id],
      ["answer", -17, turns[1].id],
    ]);
    expect(await h.messagesOf(u.sessionId)).toHaveLength(1);
  });
});
