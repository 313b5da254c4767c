// npm run bench:bot - how fast the chat answers (docs/performance.md). Builds nothing: run `npm run build` first.
// Creates a throwaway PostgreSQL database next to DATABASE_URL's (default postgres://postgres@127.0.0.1:5432/test),
// starts the loopback fakes of the Bot API and of the model (six pieces over BENCH_MODEL_MS, 1200: the first after
// 200 ms) and the built app in production mode against them (`npm start`, or BENCH_APP_CMD). For each load in
// BENCH_CHATS (1,10,40,100) that many new users write one message each at once through the webhook; from each POST
// it times the first thing the chat gets (typing, a draft or a message) and the final answer (the message with the
// cost line), and prints p50/p95 beside the goals. Every chat must be answered once and charged once.
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import os from "node:os";
import postgres from "postgres";
import { startFakeBotApi } from "../tests/fakes/telegram-bot-api";
import { startFakeOpenAi } from "../tests/fakes/openai";
import { APP_BASE, sleep, startApp, stopApp, waitForHealth } from "./built-app";
import { createThrowawayDatabase } from "./throwaway-database";

const CHATS = (process.env.BENCH_CHATS ?? "1,10,40,100").split(",").map(Number);
const MODEL_MS = Number(process.env.BENCH_MODEL_MS ?? 1200);
const ANSWER_TIMEOUT_MS = 120_000;
const JWT_SECRET = crypto.randomBytes(32).toString("base64url");
const BOT_TOKEN = `1000000001:${crypto.randomBytes(24).toString("base64url")}`;
const WEBHOOK_SECRET = crypto.randomBytes(24).toString("base64url");
// The goals, in ms: first reaction p50/p95, and the final answer's p50/p95 over the model's own time.
const GOAL = { firstP50: 150, firstP95: 400, finalP50: MODEL_MS + 250, finalP95: MODEL_MS + 1000 };

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)];
const chatOf = (body: Record<string, unknown>) => Number(body.chat_id);

async function main() {
  // Per chat: when its message was posted, the time of every Bot API call for it.
  const seen = new Map<number, { method: string; text: string; at: number }[]>();
  const bot = await startFakeBotApi({
    token: BOT_TOKEN,
    onCall: ({ method, body }) => {
      const list = seen.get(chatOf(body)) ?? [];
      list.push({ method, text: String(body.text ?? ""), at: performance.now() });
      seen.set(chatOf(body), list);
    },
  });
  const ai = await startFakeOpenAi();
  // Six pieces, one every MODEL_MS / 6: the first after 200 ms, the stream over at 1.2 s by default.
  ai.answer = "One two three four five six";
  ai.streamDelayMs = MODEL_MS / 6;

  const database = await createThrowawayDatabase("bench_bot");
  const sql = postgres(database.url, { max: 4, onnotice: () => {} });
  let app: ChildProcess | undefined;
  let nextUpdate = 1;
  let nextChat = 880_000_000;
  const post = (update: Record<string, unknown>) =>
    fetch(`${APP_BASE}/api/telegram/webhook`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-telegram-bot-api-secret-token": WEBHOOK_SECRET },
      body: JSON.stringify({ update_id: nextUpdate++, ...update }),
    }).then((res) => res.text());
  const message = (chatId: number, text: string) => ({
    message: {
      message_id: nextUpdate,
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private" },
      from: { id: chatId, is_bot: false, first_name: "Bench", language_code: "en" },
      text,
      ...(text.startsWith("/") ? { entities: [{ type: "bot_command", offset: 0, length: text.length }] } : {}),
    },
  });
  const until = async (check: () => boolean, what: string) => {
    const end = performance.now() + ANSWER_TIMEOUT_MS;
    while (!check()) {
      if (performance.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(5);
    }
  };

  try {
    app = startApp({
      APP_MODE: "production",
      DATABASE_URL: database.url,
      JWT_SECRET,
      BOT_TOKEN,
      TELEGRAM_WEBHOOK_SECRET: WEBHOOK_SECRET,
      PUBLIC_URL: APP_BASE,
      BOT_API_BASE_URL: bot.url,
      OPENAI_BASE_URL: ai.url,
      OPENAI_API_KEY: ai.apiKey,
      LOG_LEVEL: "warn",
    });
    await waitForHealth(app);
    console.log(`${new Date().toISOString()} · ${os.cpus().length} × ${os.cpus()[0]?.model.trim()}, Node ${process.version} · PostgreSQL · model ${Math.round(MODEL_MS / 6)} ms to the first piece, ${MODEL_MS} ms in all`);
    console.log("| chats at once | first reaction p50 / p95 (goal ≤ 150 / 400 ms) | final answer p50 / p95 (goal ≤ " + `${GOAL.finalP50} / ${GOAL.finalP95} ms) | answered once, charged once |`);
    console.log("|---|---|---|---|");
    // Round 0 (one chat) only warms the app up: JIT, pools, the bot's modules.
    for (const [round, count] of [1, ...CHATS].entries()) {
      const chats = Array.from({ length: count }, () => nextChat++);
      // New users (/start), each with an active text session and tokens enough.
      await Promise.all(chats.map((chatId) => post(message(chatId, "/start"))));
      await until(() => chats.every((chatId) => seen.get(chatId)?.some((c) => c.method === "sendMessage")), "the greetings");
      await sql`
        INSERT INTO dialog_sessions (user_id, name, model_id, action)
        SELECT u.id, 'Bench', m.id, 'text' FROM users u, models m
        WHERE u.telegram_id = ANY(${chats}) AND m.model_name = 'gpt-4o-mini'`;
      await sql`UPDATE users SET active_session_id = s.id FROM dialog_sessions s WHERE s.user_id = users.id AND users.telegram_id = ANY(${chats})`;
      await sql`UPDATE quotas SET text_tokens = 1000000 FROM users WHERE users.id = quotas.user_id AND users.telegram_id = ANY(${chats})`;
      for (const chatId of chats) seen.set(chatId, []);

      const postedAt = new Map<number, number>();
      await Promise.all(
        chats.map((chatId) => {
          postedAt.set(chatId, performance.now());
          return post(message(chatId, "Hello, how are you?"));
        }),
      );
      const isAnswer = (c: { method: string; text: string }) => c.method === "sendMessage" && c.text.includes("tokens:");
      await until(() => chats.every((chatId) => seen.get(chatId)!.some(isAnswer)), `${count} answers`);
      await sleep(300); // a second answer or charge would show by now
      const first = chats.map((chatId) => seen.get(chatId)![0].at - postedAt.get(chatId)!);
      const final = chats.map((chatId) => seen.get(chatId)!.find(isAnswer)!.at - postedAt.get(chatId)!);
      const answers = chats.map((chatId) => seen.get(chatId)!.filter(isAnswer).length);
      const charged = await sql<{ count: string }[]>`
        SELECT count(*) FROM quotas JOIN users ON users.id = quotas.user_id
        WHERE users.telegram_id = ANY(${chats}) AND quotas.text_tokens = 1000000 - 17`;
      const once = answers.every((n) => n === 1) && Number(charged[0].count) === count;
      if (round === 0) continue;
      const ms = (v: number) => `${Math.round(v)}`;
      const mark = (value: number, goal: number) => `${ms(value)}${value <= goal ? "" : " ✗"}`;
      console.log(
        `| ${count} | ${mark(percentile(first, 50), GOAL.firstP50)} / ${mark(percentile(first, 95), GOAL.firstP95)} | ${mark(percentile(final, 50), GOAL.finalP50)} / ${mark(percentile(final, 95), GOAL.finalP95)} | ${once ? "yes" : "NO"} |`,
      );
    }
  } finally {
    if (app) stopApp(app);
    await sleep(1500);
    await sql.end();
    await database.drop();
    await Promise.all([bot.close(), ai.close()]);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
