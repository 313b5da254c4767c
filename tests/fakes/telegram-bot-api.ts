import http from "node:http";
import type { AddressInfo } from "node:net";

// A loopback fake of the Telegram Bot API (https://core.telegram.org/bots/api): it speaks
// POST /bot<token>/sendMessage with a JSON body and answers {ok: true, result: Message} or
// {ok: false, error_code, description, parameters?}. Scripted failures let tests drive retries.
// Drafts: sendMessageDraft needs a non-zero draft_id; `refuseDrafts` answers it as a Bot API that
// does not offer drafts to this chat does. answerCallbackQuery and editMessageReplyMarkup for buttons.

export type SentRecord = { chat_id: number; text: string; message_id: number };
export type ScriptedFailure = { status: number; description?: string; retryAfter?: number } | "drop";

export type FakeBotApi = {
  url: string;
  /** Messages as the chat shows them now (edits applied). */
  sent: SentRecord[];
  /** Every well-formed call, in order: { method, body }. */
  calls: { method: string; body: Record<string, unknown> }[];
  requests: number;
  /** The next requests fail in this order before the fake answers normally again. */
  failNext: (...failures: ScriptedFailure[]) => void;
  /** sendMessageDraft is refused (400) while set: the bot must fall back to editing a message. */
  refuseDrafts: boolean;
  close: () => Promise<void>;
};

// sendMessage, editMessageText (a message it sent; "not modified" like the real one), sendChatAction, sendMessageDraft.
const KNOWN_METHODS = new Set(["setWebhook", "deleteWebhook", "setChatMenuButton", "sendMessage", "editMessageText", "sendChatAction", "sendMessageDraft"]);

// Inline buttons: the answer to a pressed button, and an edit of a message's keyboard only.
const BUTTON_METHODS = new Set(["answerCallbackQuery", "editMessageReplyMarkup"]);

export async function startFakeBotApi({ token }: { token: string }): Promise<FakeBotApi> {
  const failures: ScriptedFailure[] = [];
  const sent: SentRecord[] = [];
  const calls: FakeBotApi["calls"] = [];
  let nextMessageId = 1;
  const state = { requests: 0, refuseDrafts: false };

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    state.requests++;
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!match || req.method !== "POST") return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== token) return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2];
    if (!KNOWN_METHODS.has(method) && !BUTTON_METHODS.has(method)) return reply(404, { ok: false, error_code: 404, description: "Not Found: method not found" });

    const failure = failures.shift();
    if (failure === "drop") return req.socket.destroy();
    if (failure) {
      return reply(failure.status, {
        ok: false,
        error_code: failure.status,
        description: failure.description ?? (failure.status === 429 ? `Too Many Requests: retry after ${failure.retryAfter ?? 1}` : "Internal Server Error"),
        ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
    }
    let body: { chat_id?: number | string; text?: string; message_id?: number };
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid JSON" });
    }
    calls.push({ method, body });
    // Operator calls (npm run bot:webhook): recorded in `calls`, answered as Telegram does.
    if (method === "setWebhook") {
      const url = (body as { url?: unknown }).url;
      if (typeof url !== "string" || !url.startsWith("https://")) return reply(400, { ok: false, error_code: 400, description: "Bad Request: bad webhook: HTTPS url must be provided for webhook" });
      return reply(200, { ok: true, result: true, description: "Webhook was set" });
    }
    if (method === "deleteWebhook" || method === "setChatMenuButton") return reply(200, { ok: true, result: true });
    if (method === "answerCallbackQuery") {
      if (!(body as { callback_query_id?: unknown }).callback_query_id) return reply(400, { ok: false, error_code: 400, description: "Bad Request: query is too old and response timeout expired or query ID is invalid" });
      return reply(200, { ok: true, result: true });
    }
    if (!body.chat_id) return reply(400, { ok: false, error_code: 400, description: "Bad Request: chat_id is empty" });
    if (method === "sendMessageDraft") {
      if (state.refuseDrafts) return reply(400, { ok: false, error_code: 400, description: "Bad Request: TEXTDRAFT_PEER_INVALID" });
      const draftId = (body as { draft_id?: unknown }).draft_id;
      if (typeof draftId !== "number" || draftId === 0) return reply(400, { ok: false, error_code: 400, description: "Bad Request: draft_id must be non-zero" });
      return reply(200, { ok: true, result: true });
    }
    if (method === "sendChatAction") return reply(200, { ok: true, result: true });
    if (method === "editMessageReplyMarkup") {
      const target = sent.find((m) => m.message_id === body.message_id && m.chat_id === Number(body.chat_id));
      if (!target) return reply(400, { ok: false, error_code: 400, description: "Bad Request: message to edit not found" });
      return reply(200, { ok: true, result: { message_id: target.message_id, date: 0, chat: { id: target.chat_id, type: "private" }, text: target.text } });
    }
    if (method === "editMessageText") {
      if (!body.text) return reply(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
      const edited = sent.find((m) => m.message_id === body.message_id && m.chat_id === Number(body.chat_id));
      if (!edited) return reply(400, { ok: false, error_code: 400, description: "Bad Request: message to edit not found" });
      if (edited.text === body.text) return reply(400, { ok: false, error_code: 400, description: "Bad Request: message is not modified" });
      edited.text = body.text;
      return reply(200, { ok: true, result: { message_id: edited.message_id, date: 0, chat: { id: edited.chat_id, type: "private" }, text: body.text } });
    }
    if (!body.text) return reply(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    const message_id = nextMessageId++;
    sent.push({ chat_id: Number(body.chat_id), text: body.text, message_id });
    reply(200, {
      ok: true,
      result: { message_id, date: Math.floor(Date.now() / 1000), chat: { id: Number(body.chat_id), type: "private" }, text: body.text },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    calls,
    get requests() {
      return state.requests;
    },
    failNext: (...f) => failures.push(...f),
    get refuseDrafts() {
      return state.refuseDrafts;
    },
    set refuseDrafts(value: boolean) {
      state.refuseDrafts = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
