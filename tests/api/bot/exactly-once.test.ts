import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { balanceLedger, botOutbox, botTurns, botUpdates } from "@/db/schema"; // schema reads no settings
import { botHarnessForFile } from "./harness";

// Every update answered exactly once through an instance's death (docs/operations.md "Leases"): the
// states a SIGKILL leaves are written into the rows, and the clock is moved past the claim's lease.
const h = botHarnessForFile({ AI_TIMEOUT_SECONDS: "20" });

const HOUR = 3_600_000;
const workers: { stop: (o: { deadlineMs: number }) => Promise<void> }[] = [];
/** An instance's worker, listening; `renewEveryMs: HOUR` is an instance that died (it never renews). */
async function instance(options: { own: boolean; renewEveryMs?: number; settleBackoffMs?: number[] }) {
  const { createUpdateWorker } = await import("@/lib/server/bot/updates-job");
  const { own, ...rest } = options;
  const worker = createUpdateWorker({ db: await h.getDb(), safetyPollMs: HOUR, ...rest });
  await worker.listen({ own });
  workers.push(worker);
  return worker;
}

/** Polls until `check` holds (work a listening worker was woken for); fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop({ deadlineMs: 0 })));
  (await import("@/lib/server/clock")).setClockForTests();
});

const chatUser = () => h.chatUser({ modelName: "gpt-4o-mini", action: "text", quota: { textTokens: 100_000 } });
const modelRequests = () => h.ai.requests.filter((r) => r.path === "/v1/chat/completions");
const answers = (telegramId: number) =>
  h.callsIn(telegramId, "sendMessage").filter((m) => /Hello from the fake model/.test(String(m.body.text)));
const moveClock = async (ms: number) => (await import("@/lib/server/clock")).setClockForTests(() => Date.now() + ms);

describe("an update's work is one unit through an instance's death", () => {
  it("an answered update left unsettled by a kill does not take the messages behind it: the next one is answered", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    const first = h.messageUpdate(u.telegramId, { text: "first question" });
    await h.post(first);
    await h.drain();
    expect(answers(u.telegramId)).toHaveLength(1);
    // The state a kill leaves between the turn's end and the update's settling.
    await db.execute(
      sql`UPDATE bot_updates SET status = 'processing', attempts = 1, processed_at = null, locked_until = now() + interval '15 seconds' WHERE update_id = ${first.update_id}`,
    );
    const second = h.messageUpdate(u.telegramId, { text: "second question" });
    await h.post(second);
    await moveClock(16_000);
    await h.drain();

    const updates = await db
      .select({ updateId: botUpdates.updateId, status: botUpdates.status })
      .from(botUpdates)
      .where(eq(botUpdates.chatId, u.telegramId))
      .orderBy(botUpdates.updateId);
    expect(updates.slice(-2).map((row) => row.status)).toEqual(["done", "done"]);
    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => [t.updateId, t.status])).toEqual([
      [first.update_id, "done"],
      [second.update_id, "done"],
    ]);
    expect(
      modelRequests()
        .map((r) => JSON.stringify(r.body))
        .filter((b) => b.includes("second question")),
    ).toHaveLength(1);
    expect(answers(u.telegramId)).toHaveLength(2);
    const charges = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), eq(balanceLedger.reason, "answer")));
    expect(charges).toHaveLength(2);
  });

  it("the messages a dead attempt joined to its answered turn are settled with it, not answered again; a later one is", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    const head = h.messageUpdate(u.telegramId, { text: "part one" });
    const joined = h.messageUpdate(u.telegramId, { text: "part two" });
    // What the dead instance left: both claimed by its attempt, the joined turn answered (done), nothing settled.
    const expired = new Date(Date.now() - 1_000);
    for (const update of [head, joined])
      await db.insert(botUpdates).values({
        updateId: update.update_id,
        chatId: u.telegramId,
        payload: update,
        status: "processing",
        attempts: 1,
        lockedUntil: expired,
      });
    await db.insert(botTurns).values({
      userId: u.userId,
      chatId: u.telegramId,
      sessionId: u.sessionId,
      userText: "part one\npart two",
      updateId: head.update_id,
      status: "done",
    });
    const later = h.messageUpdate(u.telegramId, { text: "a later question" });
    await h.post(later);
    await h.drain();

    const statuses = await db
      .select({ updateId: botUpdates.updateId, status: botUpdates.status })
      .from(botUpdates)
      .where(eq(botUpdates.chatId, u.telegramId))
      .orderBy(botUpdates.updateId);
    expect(statuses.slice(-3).map((row) => row.status)).toEqual(["done", "done", "done"]);
    const bodies = modelRequests().map((r) => JSON.stringify(r.body));
    expect(bodies.filter((b) => b.includes("part two"))).toHaveLength(0);
    expect(bodies.filter((b) => b.includes("a later question"))).toHaveLength(1);
    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => [t.updateId, t.status])).toEqual([
      [head.update_id, "done"],
      [later.update_id, "done"],
    ]);
    expect(answers(u.telegramId)).toHaveLength(1);
  });

  it("a turn whose end never commits after its answer (the instance died) is not charged: the next attempt answers and charges once", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    // The turn's end fails (as a kill between the charge and the end leaves it: charged or not, still running).
    await db.execute(sql`CREATE FUNCTION die_at_turn_end() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'instance killed'; END $$`);
    await db.execute(sql`CREATE TRIGGER die_at_turn_end BEFORE UPDATE ON bot_turns FOR EACH ROW
      WHEN (OLD.status = 'running' AND NEW.status IN ('done', 'stopped')) EXECUTE FUNCTION die_at_turn_end()`);
    const update = h.messageUpdate(u.telegramId, { text: "charge me once" });
    await h.post(update);
    await Promise.all(await h.processUpdates({ db }));
    await db.execute(sql`DROP TRIGGER die_at_turn_end ON bot_turns`);
    // The state a kill leaves: the update claimed by the dead attempt, its lease run out.
    await db.execute(
      sql`UPDATE bot_updates SET status = 'processing', attempts = 1, processed_at = null, locked_until = now() - interval '1 second' WHERE update_id = ${update.update_id}`,
    );
    await h.drain();

    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => t.status)).toEqual(["abandoned", "done"]);
    const charges = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), eq(balanceLedger.reason, "answer")));
    expect(charges.map((row) => row.turnId)).toEqual([turns[1].id]);
    expect((await h.quotasOf(u.userId)).textTokens).toBe(100_000 + charges[0].units);
  });

  it("a claim is a lease of a few seconds the live worker renews, whatever the model's timeout; a dead worker's update is taken when it runs out", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    const leaseOf = async (updateId: number) => {
      const [row] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, updateId));
      return row.lockedUntil!.getTime();
    };
    // The model timeout is 20 s here (180 s at the defaults): the lease does not follow it.
    const live = await instance({ own: true, renewEveryMs: HOUR });
    h.ai.mode = "hang";
    const update = h.messageUpdate(u.telegramId, { text: "a slow question" });
    await h.post(update);
    await until(() => modelRequests().length === 1);
    expect((await leaseOf(update.update_id)) - Date.now()).toBeLessThanOrEqual(6_000);
    // Renewed, the lease runs 6 s from the renewal.
    await moveClock(5_000);
    await live.renewLeases();
    expect((await leaseOf(update.update_id)) - Date.now()).toBeGreaterThan(10_000);
    expect((await leaseOf(update.update_id)) - Date.now()).toBeLessThanOrEqual(11_000);
    // Then the instance dies (no renewal): 7 s after the last renewal another instance takes the update.
    h.ai.mode = "normal";
    await moveClock(12_000);
    const other = await instance({ own: false });
    await until(() => answers(u.telegramId).length === 1);
    await other.settled();
    // Had the first instance lived on, its next renewal finds the update taken: its turn winds down unanswered.
    await live.renewLeases();
    await live.stop({ deadlineMs: 1_000 });

    const turns = await db.select().from(botTurns).where(eq(botTurns.userId, u.userId)).orderBy(botTurns.id);
    expect(turns.map((t) => t.status)).toEqual(["abandoned", "done"]);
    expect(answers(u.telegramId)).toHaveLength(1);
    const charges = await db
      .select()
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, u.userId), eq(balanceLedger.reason, "answer")));
    expect(charges.map((row) => row.turnId)).toEqual([turns[1].id]);
    const [row] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
    expect([row.status, row.attempts]).toEqual(["done", 2]);
  });

  it("a settling statement that fails (the database restarting) is tried again by the same attempt, not left to run out", async () => {
    const u = await chatUser();
    const db = await h.getDb();
    // The next two statements settling an update fail, as during a restart of PostgreSQL.
    await db.execute(sql`CREATE SEQUENCE settle_failures`);
    await db.execute(sql`CREATE FUNCTION fail_settling() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF nextval('settle_failures') <= 2 THEN RAISE EXCEPTION 'the database restarts'; END IF; RETURN NEW; END $$`);
    await db.execute(sql`CREATE TRIGGER fail_settling BEFORE UPDATE ON bot_updates FOR EACH ROW
      WHEN (OLD.status = 'processing' AND NEW.status <> 'processing') EXECUTE FUNCTION fail_settling()`);
    try {
      await instance({ own: true, settleBackoffMs: [10, 10, 10] });
      const update = h.messageUpdate(u.telegramId, { text: "settle me" });
      await h.post(update);
      await until(async () => {
        const [row] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
        return row.status === "done";
      }, 5_000);
      const [row] = await db.select().from(botUpdates).where(eq(botUpdates.updateId, update.update_id));
      expect(row.attempts).toBe(1);
      expect(answers(u.telegramId)).toHaveLength(1);
      expect(await db.select().from(botTurns).where(eq(botTurns.status, "running"))).toEqual([]);
    } finally {
      await db.execute(sql`DROP TRIGGER fail_settling ON bot_updates`);
    }
  });

  it("a charged answer whose instance died before delivering it is sent by the outbox once its hold passes, once; a delivered answer leaves no copy", async () => {
    const { env } = await import("@/lib/env");
    const { telegramApi } = await import("@/lib/server/bot/telegram-api");
    const { deliverOutbox } = await import("@/lib/server/bot/outbox");
    const { chargeAnsweredTurn } = await import("@/lib/server/bot/turn-reservations");
    const { insertTurn } = await import("@/lib/server/bot/turns");
    const u = await chatUser();
    const db = await h.getDb();
    const copies = () => db.select().from(botOutbox).where(eq(botOutbox.chatId, u.telegramId));
    // Delivered live: its safety copy is gone.
    await h.post(h.messageUpdate(u.telegramId, { text: "first question" }));
    await h.drain();
    expect(answers(u.telegramId)).toHaveLength(1);
    expect(await copies()).toEqual([]);
    // The state a kill leaves between the charge's commit and the answer's delivery.
    const turn = await insertTurn({
      db,
      userId: u.userId,
      chatId: u.telegramId,
      sessionId: u.sessionId,
      modelId: u.model.id,
      userText: "second question",
      action: "text",
    });
    const charged = await chargeAnsweredTurn({
      db,
      turnId: turn.id,
      status: "done",
      userId: u.userId,
      amount: 17,
      refs: { modelName: "gpt-4o-mini", action: "text" },
      answer: { chatId: u.telegramId, parts: (left) => [`Held answer, left ${left}`] },
    });
    expect(charged?.held).toHaveLength(1);
    const client = telegramApi({ token: env.BOT_TOKEN!, apiRoot: h.bot.url });
    const held = () => h.callsIn(u.telegramId, "sendMessage").filter((m) => /Held answer/.test(String(m.body.text)));
    await deliverOutbox({ db, client, now: new Date() });
    expect(held()).toHaveLength(0);
    await deliverOutbox({ db, client, now: new Date(Date.now() + env.BOT_ANSWER_HOLD_SECONDS * 1000 + 1_000) });
    await deliverOutbox({ db, client, now: new Date(Date.now() + env.BOT_ANSWER_HOLD_SECONDS * 1000 + 2_000) });
    expect(held().map((m) => m.body.text)).toEqual([`Held answer, left ${charged!.left}`]);
    // Charged once: the turn's one ledger row.
    const rows = await db.select().from(balanceLedger).where(eq(balanceLedger.turnId, turn.id));
    expect(rows).toHaveLength(1);
  });
});
