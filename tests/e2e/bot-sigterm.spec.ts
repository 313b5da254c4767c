import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { expect, test } from "./fixtures";
import { startFakeBotApi } from "../fakes/telegram-bot-api";
import { startFakeOpenAi } from "../fakes/openai";

// SIGTERM to the production server with a bot turn in flight (docs/decisions/0432): the server's own
// shutdown (scripts/server.cjs → stopJobs → the bot worker) hands the turn over before the embedded
// database closes, nothing sent or charged, and the next instance on the same database answers it
// once. The Bot API and the model are the loopback fakes; the database is read between the runs.
const PORT = Number(process.env.E2E_PORT ?? 3100) + 51;
const BASE = `http://127.0.0.1:${PORT}`;
const SHUTDOWN_TIMEOUT_MS = 4000;
const BOT_TOKEN = `1000000002:${crypto.randomBytes(24).toString("base64url")}`;
const WEBHOOK_SECRET = crypto.randomBytes(16).toString("hex");
const CHAT = 7_700_000_001;

/** Reads the embedded database while no server has it open. */
async function readDatabase(dir: string) {
  const db = new PGlite(dir);
  try {
    const rows = async (query: string) => (await db.query<Record<string, unknown>>(query)).rows;
    return {
      turns: (await rows("select status from bot_turns order by id")).map((r) => r.status),
      updates: (await rows(`select status from bot_updates where chat_id = ${CHAT} order by update_id`)).map(
        (r) => r.status,
      ),
      messages: Number((await rows("select count(*) as n from dialog_messages"))[0].n),
      tokensLeft: Number(
        (
          await rows(
            `select q.text_tokens as n from quotas q join users u on u.id = q.user_id where u.telegram_id = ${CHAT}`,
          )
        )[0].n,
      ),
    };
  } finally {
    await db.close();
  }
}

test("SIGTERM with a bot turn in flight hands it over: nothing sent or charged, the next instance answers it once", async () => {
  test.setTimeout(150_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "e2e-bot-sigterm-"));
  const bot = await startFakeBotApi({ token: BOT_TOKEN });
  const ai = await startFakeOpenAi();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    APP_MODE: "production",
    PORT: String(PORT),
    HOSTNAME: "127.0.0.1",
    PGLITE_DIR: path.join(dir, "pglite"),
    DATA_DIR: dir,
    STORAGE_DIR: path.join(dir, "files"),
    JWT_SECRET: crypto.randomBytes(32).toString("base64url"),
    BOT_TOKEN,
    TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PUBLIC_URL: BASE,
    BOT_API_BASE_URL: bot.url,
    OPENAI_BASE_URL: ai.url,
    OPENAI_API_KEY: ai.apiKey,
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    // No drain: this test is about the hand-over that follows it (tests/e2e/drain.spec.ts covers the drain).
    SHUTDOWN_DRAIN_MS: "0",
    LOG_LEVEL: "error",
  };
  delete env.DATABASE_URL;
  const servers: ChildProcess[] = [];
  const start = async () => {
    // Its own process group, so whatever is left over after a failure can be ended as a whole.
    const server = spawn("npm", ["start"], { env, stdio: "ignore", detached: true });
    servers.push(server);
    await expect
      .poll(
        () =>
          fetch(`${BASE}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { message: "the server's health", timeout: 60_000 },
      )
      .toBe(200);
    return server;
  };
  const stop = async (server: ChildProcess) => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
  const answers = () =>
    bot.calls.filter(
      (c) =>
        c.method === "sendMessage" &&
        Number(c.body.chat_id) === CHAT &&
        String(c.body.text).startsWith("The whole answer"),
    );
  try {
    const leaving = await start();
    ai.mode = "stall";
    ai.answer = "Half an answer";
    const posted = await fetch(`${BASE}/api/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      body: JSON.stringify({
        update_id: 1,
        message: {
          message_id: 1,
          date: Math.floor(Date.now() / 1000),
          chat: { id: CHAT, type: "private" },
          from: { id: CHAT, is_bot: false, first_name: "Ann", language_code: "en" },
          text: "a question",
        },
      }),
    });
    expect(posted.status).toBe(200);
    // The model has sent part of its answer and then stalls: the turn is in flight.
    await expect
      .poll(
        () =>
          bot.calls.some((c) => c.method === "sendMessageDraft" && String(c.body.text).startsWith("Half an answer")),
        { message: "the answer's first part", timeout: 30_000 },
      )
      .toBe(true);
    const stoppedAt = Date.now();
    await stop(leaving);
    expect(Date.now() - stoppedAt).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 2000);

    const handedOver = await readDatabase(env.PGLITE_DIR!);
    expect(handedOver.turns).toEqual(["handed_over"]);
    expect(handedOver.updates).toEqual(["pending"]);
    expect(handedOver.messages).toBe(0);
    const before = handedOver.tokensLeft;
    // The only message is the notice of the first session's model: no part of the answer, no apology.
    const sent = bot.calls
      .filter((c) => c.method === "sendMessage" && Number(c.body.chat_id) === CHAT)
      .map((c) => String(c.body.text));
    expect(sent).toEqual([expect.stringContaining("/model")]);

    ai.mode = "normal";
    ai.answer = "The whole answer";
    const staying = await start();
    await expect
      .poll(() => answers().length, { message: "the next instance's answer", timeout: 30_000 })
      .toBeGreaterThan(0);
    await stop(staying);

    const answered = await readDatabase(env.PGLITE_DIR!);
    expect(answers()).toHaveLength(1);
    expect(answered.turns).toEqual(["handed_over", "done"]);
    expect(answered.updates).toEqual(["done"]);
    expect(answered.messages).toBe(1);
    expect(answered.tokensLeft).toBeLessThan(before);
    expect(ai.requests.filter((r) => r.path === "/v1/chat/completions")).toHaveLength(2);
  } finally {
    for (const server of servers) {
      try {
        process.kill(-server.pid!, "SIGKILL");
      } catch {
        // Already gone.
      }
    }
    await Promise.all([bot.close(), ai.close()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
