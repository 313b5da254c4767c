// The bot floor: the least a chat turn can do on the fixed stack, for bench:bot to compare the app with (the app's
// own answer to "how fast can this be here"). A Next route handler takes the webhook, sends "typing", stores the
// update with the app's own statement shape and answers; an in-process worker claims it with the app's claim
// statement, reads the sender, session, price, balance and context in one statement, asks the model (streamed,
// the SSE read by hand) while it writes the turn row and the empty draft, shows the answer at most once a second,
// charges (with its ledger row), sends the answer with its cost line, and saves the turn and settles the update in
// one statement. Raw SQL on the app's `postgres` driver (prepared), node:http with keep-alive for the Bot API and
// the model: no grammY, no OpenAI SDK, no drizzle, no logging, metrics, pacing, fallback or error handling.
import http from "node:http";
import postgres from "postgres";

type Floor = {
  sql: postgres.Sql;
  agent: http.Agent;
  botBase: string;
  modelBase: string;
  apiKey: string;
  secret: string;
};
let floor: Floor | undefined;

function load(): Floor {
  return {
    sql: postgres(process.env.DATABASE_URL!, { max: 20, onnotice: () => {} }),
    agent: new http.Agent({ keepAlive: true }),
    botBase: `${process.env.BOT_API_BASE_URL}/bot${process.env.BOT_TOKEN}`,
    modelBase: process.env.OPENAI_BASE_URL!,
    apiKey: process.env.OPENAI_API_KEY!,
    secret: process.env.TELEGRAM_WEBHOOK_SECRET!,
  };
}

/** A POST with a JSON body; answers the response, unread. */
function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<http.IncomingMessage> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: "POST",
        agent: floor!.agent,
        headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), ...headers },
      },
      resolve,
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function readAll(res: http.IncomingMessage): Promise<string> {
  let text = "";
  for await (const chunk of res) text += chunk;
  return text;
}

const botApi = async (method: string, body: Record<string, unknown>) =>
  JSON.parse(await readAll(await post(`${floor!.botBase}/${method}`, body)));

type Update = { update_id: number; message?: { chat: { id: number }; from?: { id: number }; text?: string } };

/** POST /api/telegram/webhook on the floor. */
export async function webhook(req: Request): Promise<Response> {
  floor ??= load();
  if (req.headers.get("x-telegram-bot-api-secret-token") !== floor.secret)
    return Response.json({ error: "unauthorized" }, { status: 401 });
  const update = (await req.json()) as Update;
  const message = update.message;
  if (message?.text && !message.text.startsWith("/"))
    void botApi("sendChatAction", { chat_id: message.chat.id, action: "typing" }).catch(() => {});
  const rows =
    await floor.sql`insert into bot_updates (update_id, chat_id, payload) values (${update.update_id}, ${message?.chat.id ?? null}, ${floor.sql.json(update as never)}) on conflict (update_id) do nothing returning id`;
  if (rows.length) wake();
  return Response.json({ ok: true, handled: rows.length > 0 });
}

// The worker: woken by its own webhook, claims every chat's oldest pending update (the app's statement, one chat at a time).
let claiming: Promise<void> | null = null;
let wanted = false;
const running = new Set<number>();
const CONCURRENCY = 100;

function wake(): void {
  wanted = true;
  claiming ??= new Promise((resolve) => setImmediate(resolve)).then(claimLoop);
}

async function claimLoop() {
  try {
    while (wanted) {
      wanted = false;
      const free = CONCURRENCY - running.size;
      if (free <= 0) continue;
      const rows = await floor!.sql<{ id: number; payload: Update }[]>`
        UPDATE bot_updates AS u SET status = 'processing', attempts = u.attempts + 1, locked_until = now() + interval '3 minutes'
        WHERE u.id IN (
          SELECT head.id FROM (
            SELECT DISTINCT ON (chat_id) id, chat_id, update_id, status, locked_until FROM bot_updates
            WHERE status IN ('pending', 'processing') ORDER BY chat_id, update_id
          ) AS head
          WHERE (head.status = 'pending' OR head.locked_until <= now())
          AND NOT EXISTS (SELECT 1 FROM bot_updates AS waiting WHERE waiting.chat_id = head.chat_id AND waiting.status = 'pending' AND waiting.wait_until > now())
          ORDER BY head.update_id LIMIT ${free}
        )
        AND (u.status = 'pending' OR (u.status = 'processing' AND u.locked_until <= now()))
        RETURNING u.id, u.payload`;
      for (const row of rows) {
        running.add(row.id);
        void turn(row.id, row.payload)
          .catch((error) => console.error("[bot floor] turn failed", error))
          .finally(() => {
            running.delete(row.id);
            wake();
          });
      }
    }
  } finally {
    claiming = null;
  }
}

type Sender = {
  user_id: number;
  session_id: number;
  model_id: number;
  provider_model: string;
  model_name: string;
  price: number;
  left_units: number;
  history: { user_text: string | null; ai_text: string | null }[];
};

async function turn(rowId: number, update: Update) {
  const { sql } = floor!;
  const message = update.message!;
  const chatId = message.chat.id;
  const [sender] = await sql<Sender[]>`
    select u.id as user_id, s.id as session_id, m.id as model_id, coalesce(m.provider_model_id, m.model_name) as provider_model, m.model_name,
      coalesce(a.price_units, 1000) as price, q.text_tokens + q.package_text_tokens as left_units,
      (select coalesce(json_agg(h order by h.id), '[]') from (select id, user_text, ai_text from dialog_messages where session_id = s.id order by id desc limit 20) h) as history
    from users u join dialog_sessions s on s.id = u.active_session_id join models m on m.id = s.model_id
    left join model_actions a on a.model_id = m.id and a.action = 'text' join quotas q on q.user_id = u.id
    where u.telegram_id = ${message.from!.id}`;
  const messages = [
    ...sender.history.flatMap((h) => [
      { role: "user", content: h.user_text ?? "" },
      { role: "assistant", content: h.ai_text ?? "" },
    ]),
    { role: "user", content: message.text! },
  ];
  const asked = post(
    `${floor!.modelBase}/chat/completions`,
    { model: sender.provider_model, messages, stream: true, stream_options: { include_usage: true } },
    { authorization: `Bearer ${floor!.apiKey}` },
  );
  const begun = sql<
    { id: number }[]
  >`insert into bot_turns (user_id, chat_id, session_id, user_text, model_id, update_id) values (${sender.user_id}, ${chatId}, ${sender.session_id}, ${message.text!}, ${sender.model_id}, ${update.update_id}) returning id`.then(
    async ([row]) => {
      await botApi("sendMessageDraft", { chat_id: chatId, draft_id: row.id, text: "" });
      return row.id;
    },
  );
  let answer = "";
  let tokens = 0;
  let shownAt = performance.now();
  let pending = "";
  // Read to the end (not left at [DONE]): a response left unread loses its keep-alive connection.
  for await (const line of sseLines(await asked)) {
    if (line === "[DONE]") continue;
    const chunk = JSON.parse(line) as { choices: { delta?: { content?: string } }[]; usage?: { total_tokens: number } };
    if (chunk.usage) tokens = chunk.usage.total_tokens;
    answer += chunk.choices[0]?.delta?.content ?? "";
    if (answer && answer !== pending && performance.now() - shownAt >= 1000) {
      pending = answer;
      shownAt = performance.now();
      const draftId = await begun;
      void botApi("sendMessageDraft", { chat_id: chatId, draft_id: draftId, text: answer }).catch(() => {});
    }
  }
  const turnId = await begun;
  const units = Math.ceil((tokens * sender.price) / 1000);
  const [charged] = await sql<{ left_units: number }[]>`
    with o as (select * from quotas where user_id = ${sender.user_id} for update),
    c as (
      update quotas q set text_tokens = greatest(o.text_tokens - ${units}, 0), package_text_tokens = greatest(o.package_text_tokens - greatest(${units} - o.text_tokens, 0), 0), updated_at = now()
      from o where q.user_id = o.user_id returning q.*, o.text_tokens + o.package_text_tokens as old_units
    ),
    l as (
      insert into balance_ledger (user_id, kind, units, balance_after, reason, model_name, action, turn_id)
      select user_id, 'text_tokens', (text_tokens + package_text_tokens) - old_units, text_tokens + package_text_tokens, 'answer', ${sender.model_name}, 'text', ${turnId} from c
    )
    select text_tokens + package_text_tokens as left_units from c`;
  await Promise.all([
    botApi("sendMessage", {
      chat_id: chatId,
      text: `${answer}\n\n— text units: ${units}, left: ${charged.left_units}`,
    }),
    sql`
      with m as (insert into dialog_messages (session_id, user_text, ai_text, model_id) values (${sender.session_id}, ${message.text!}, ${answer}, ${sender.model_id})),
      t as (update bot_turns set status = 'done', finished_at = now() where id = ${turnId})
      update bot_updates set status = 'done', locked_until = null, processed_at = now() where id = ${rowId}`,
  ]);
}

/** The `data:` payloads of a server-sent event stream. */
async function* sseLines(res: http.IncomingMessage): AsyncGenerator<string> {
  let buffer = "";
  for await (const chunk of res) {
    buffer += chunk;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of event.split("\n")) if (line.startsWith("data: ")) yield line.slice(6);
    }
  }
}
