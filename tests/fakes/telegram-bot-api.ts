import http from "node:http";
import type { AddressInfo } from "node:net";

// A loopback fake of the Telegram Bot API (https://core.telegram.org/bots/api): it speaks
// POST /bot<token>/sendMessage with a JSON body and answers {ok: true, result: Message} or
// {ok: false, error_code, description, parameters?}. Scripted failures let tests drive retries.
// Files: addFile() registers a file the "user sent"; getFile answers its file_path (refusing files
// over the 20 MB bot download limit with "file is too big", as Telegram does) and
// GET /file/bot<token>/<file_path> serves its bytes. sendPhoto/sendAudio/sendVoice/sendDocument take
// grammY's multipart upload (a field "attach://<id>" naming a file part) and record it in `media`.
// Drafts: sendMessageDraft needs a non-zero draft_id; `refuseDrafts` answers it as a Bot API that
// does not offer drafts to this chat does. answerCallbackQuery and editMessageReplyMarkup for buttons.

export type SentRecord = { chat_id: number; text: string; message_id: number };
export type ScriptedFailure = { status: number; description?: string; retryAfter?: number } | "drop";
export type SentMedia = {
  method: string;
  chat_id: number;
  field: string;
  filename: string;
  data: Buffer;
  caption?: string;
  message_id: number;
};
export type UserFile = { file_id: string; file_unique_id: string; file_size: number };

/** Telegram's getFile limit for bots (https://core.telegram.org/bots/api#getfile). */
const DOWNLOAD_LIMIT = 20 * 1024 * 1024;
const MEDIA_FIELDS: Record<string, string> = {
  sendPhoto: "photo",
  sendAudio: "audio",
  sendVoice: "voice",
  sendDocument: "document",
  sendVideo: "video",
};

/** One well-formed Bot API call as the fake received it. */
export type BotApiCall = { method: string; body: Record<string, unknown> };

export type FakeBotApi = {
  url: string;
  /** Messages as the chat shows them now (edits applied). */
  sent: SentRecord[];
  /** Every well-formed call, in order: { method, body }. */
  calls: BotApiCall[];
  requests: number;
  /** TCP connections the client opened so far (a client that keeps them alive opens few). */
  connections: number;
  /** The next requests fail in this order before the fake answers normally again. */
  failNext: (...failures: ScriptedFailure[]) => void;
  /** One call of `method` fails: the first one, or the one after `skip` answered calls of it (a frame mid-turn). */
  failOn: (method: string, failure: Exclude<ScriptedFailure, "drop">, o?: { skip?: number }) => void;
  /** Photos, audio and documents the bot uploaded, in order. */
  media: SentMedia[];
  /** A file a user sent; `declaredSize` overrides its file_size (a 25 MB video without 25 MB of bytes). */
  addFile: (data: Buffer, o?: { fileId?: string; path?: string; declaredSize?: number }) => UserFile;
  /** file_path of every file download, in order. */
  downloads: string[];
  /** sendMessageDraft is refused (400) while set: the bot must fall back to editing a message. */
  refuseDrafts: boolean;
  /** sendPhoto is refused as Telegram refuses a picture it cannot take as a photo (400) while set. */
  refusePhotos: boolean;
  /** The calls `when` picks get no answer until `release()` (a Bot API that is slow to answer); `waiting` counts them. */
  hold: (when: (call: BotApiCall) => boolean) => { readonly waiting: number; release: () => void };
  close: () => Promise<void>;
};

// sendMessage, editMessageText (a message it sent; "not modified" like the real one), sendChatAction, sendMessageDraft.
const KNOWN_METHODS = new Set([
  "setWebhook",
  "deleteWebhook",
  "setChatMenuButton",
  "setMyCommands",
  "sendMessage",
  "editMessageText",
  "sendChatAction",
  "sendMessageDraft",
  "getFile",
  "answerPreCheckoutQuery",
  ...Object.keys(MEDIA_FIELDS),
]);

type Part = { name: string; filename?: string; data: Buffer };

/**
 * multipart/form-data as grammY writes it (`content-disposition:form-data;name="x";filename=y`, no
 * quotes around the file name), which Node's own FormData parser refuses; Telegram accepts it.
 */
function parseMultipart(raw: Buffer, contentType: string): Part[] {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!boundary) throw new Error("no boundary");
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2]}`);
  const parts: Part[] = [];
  let at = raw.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, start);
    if (next === -1) throw new Error("unterminated part");
    const part = raw.subarray(start + 2, next - 2); // after CRLF, before the CRLF that precedes the delimiter
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString("utf8");
    const disposition = /content-disposition:\s*form-data\s*;([^\r\n]*)/i.exec(headers)?.[1] ?? "";
    const name = /(?:^|;)\s*name="?([^";]+)"?/.exec(disposition)?.[1] ?? "";
    const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
    parts.push({ name, filename, data: Buffer.from(part.subarray(split + 4)) });
    at = next;
  }
  return parts;
}

// Inline buttons: the answer to a pressed button, and an edit of a message's keyboard only.
const BUTTON_METHODS = new Set(["answerCallbackQuery", "editMessageReplyMarkup"]);

/** `onCall` sees each well-formed call as it arrives (the bot bench times them). */
export async function startFakeBotApi({
  token,
  onCall,
}: {
  token: string;
  onCall?: (call: BotApiCall) => void;
}): Promise<FakeBotApi> {
  const failures: ScriptedFailure[] = [];
  const methodFailures: { method: string; skip: number; failure: ScriptedFailure }[] = [];
  const sent: SentRecord[] = [];
  const calls: FakeBotApi["calls"] = [];
  let nextMessageId = 1;
  const state = { requests: 0, connections: 0, refuseDrafts: false, refusePhotos: false };
  const media: SentMedia[] = [];
  const downloads: string[] = [];
  const holds: { when: (call: BotApiCall) => boolean; waiting: number; released: Promise<void> }[] = [];
  const files = new Map<string, { data: Buffer; path: string; size: number; uniqueId: string }>();
  let nextFile = 1;

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    state.requests++;
    const reply = (status: number, payload: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    const download = /^\/file\/bot([^/]+)\/(.+)$/.exec(req.url ?? "");
    if (download && req.method === "GET") {
      const file = [...files.values()].find((f) => f.path === decodeURIComponent(download[2]));
      if (download[1] !== token || !file) return reply(404, { ok: false, error_code: 404, description: "Not Found" });
      downloads.push(file.path);
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": String(file.data.length) });
      return res.end(file.data);
    }
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(req.url ?? "");
    if (!match || req.method !== "POST") return reply(404, { ok: false, error_code: 404, description: "Not Found" });
    if (match[1] !== token) return reply(401, { ok: false, error_code: 401, description: "Unauthorized" });
    const method = match[2];
    if (!KNOWN_METHODS.has(method) && !BUTTON_METHODS.has(method))
      return reply(404, { ok: false, error_code: 404, description: "Not Found: method not found" });

    const scripted = methodFailures.findIndex((f) => f.method === method && f.skip-- <= 0);
    const failure = scripted >= 0 ? methodFailures.splice(scripted, 1)[0].failure : failures.shift();
    if (failure === "drop") return req.socket.destroy();
    if (failure) {
      return reply(failure.status, {
        ok: false,
        error_code: failure.status,
        description:
          failure.description ??
          (failure.status === 429
            ? `Too Many Requests: retry after ${failure.retryAfter ?? 1}`
            : failure.status === 403
              ? "Forbidden: bot was blocked by the user"
              : "Internal Server Error"),
        ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
      });
    }
    let body: {
      chat_id?: number | string;
      text?: string;
      message_id?: number;
      file_id?: string;
      caption?: string;
      [field: string]: unknown;
    };
    let parts: Part[] = [];
    try {
      const type = req.headers["content-type"] ?? "";
      if (type.startsWith("multipart/form-data")) {
        parts = parseMultipart(Buffer.concat(chunks), type);
        body = Object.fromEntries(
          parts.filter((p) => p.filename === undefined).map((p) => [p.name, p.data.toString("utf8")]),
        );
      } else {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      }
    } catch {
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid request body" });
    }
    calls.push({ method, body });
    onCall?.({ method, body });
    const held = holds.find((hold) => hold.when({ method, body }));
    if (held) {
      held.waiting++;
      await held.released;
    }
    if (method === "getFile") {
      const file = files.get(String(body.file_id));
      if (!file) return reply(400, { ok: false, error_code: 400, description: "Bad Request: invalid file_id" });
      if (file.size > DOWNLOAD_LIMIT)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: file is too big" });
      return reply(200, {
        ok: true,
        result: { file_id: body.file_id, file_unique_id: file.uniqueId, file_size: file.size, file_path: file.path },
      });
    }
    // Operator calls (npm run bot:webhook): recorded in `calls`, answered as Telegram does.
    if (method === "setWebhook") {
      const url = (body as { url?: unknown }).url;
      if (typeof url !== "string" || !url.startsWith("https://"))
        return reply(400, {
          ok: false,
          error_code: 400,
          description: "Bad Request: bad webhook: HTTPS url must be provided for webhook",
        });
      return reply(200, { ok: true, result: true, description: "Webhook was set" });
    }
    if (method === "deleteWebhook" || method === "setChatMenuButton" || method === "setMyCommands")
      return reply(200, { ok: true, result: true });
    if (method === "answerCallbackQuery") {
      if (!(body as { callback_query_id?: unknown }).callback_query_id)
        return reply(400, {
          ok: false,
          error_code: 400,
          description: "Bad Request: query is too old and response timeout expired or query ID is invalid",
        });
      return reply(200, { ok: true, result: true });
    }
    // A Stars payment's confirmation (the chaos run's payments): accepted, recorded in `calls`.
    if (method === "answerPreCheckoutQuery") return reply(200, { ok: true, result: true });
    if (!body.chat_id) return reply(400, { ok: false, error_code: 400, description: "Bad Request: chat_id is empty" });
    if (method === "sendMessageDraft") {
      if (state.refuseDrafts)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: TEXTDRAFT_PEER_INVALID" });
      const draftId = (body as { draft_id?: unknown }).draft_id;
      if (typeof draftId !== "number" || draftId === 0)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: draft_id must be non-zero" });
      return reply(200, { ok: true, result: true });
    }
    if (method === "sendChatAction") return reply(200, { ok: true, result: true });
    if (method === "sendPhoto" && state.refusePhotos)
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: PHOTO_INVALID_DIMENSIONS" });
    if (MEDIA_FIELDS[method]) {
      const field = MEDIA_FIELDS[method];
      const attached = /^attach:\/\/(.+)$/.exec(String(body[field] ?? ""));
      const file = attached && parts.find((p) => p.name === attached[1] && p.filename !== undefined);
      if (!file || file.data.length === 0)
        return reply(400, {
          ok: false,
          error_code: 400,
          description: `Bad Request: there is no ${field} in the request`,
        });
      const message_id = nextMessageId++;
      const caption = typeof body.caption === "string" ? body.caption : undefined;
      media.push({
        method,
        chat_id: Number(body.chat_id),
        field,
        filename: file.filename!,
        data: file.data,
        caption,
        message_id,
      });
      const attachment = {
        file_id: `sent-${message_id}`,
        file_unique_id: `u-sent-${message_id}`,
        file_size: file.data.length,
      };
      return reply(200, {
        ok: true,
        result: {
          message_id,
          date: Math.floor(Date.now() / 1000),
          chat: { id: Number(body.chat_id), type: "private" },
          caption,
          [field]: field === "photo" ? [attachment] : attachment,
        },
      });
    }
    if (method === "editMessageReplyMarkup") {
      const target = sent.find((m) => m.message_id === body.message_id && m.chat_id === Number(body.chat_id));
      if (!target)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: message to edit not found" });
      return reply(200, {
        ok: true,
        result: {
          message_id: target.message_id,
          date: 0,
          chat: { id: target.chat_id, type: "private" },
          text: target.text,
        },
      });
    }
    if (method === "editMessageText") {
      if (!body.text)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
      const edited = sent.find((m) => m.message_id === body.message_id && m.chat_id === Number(body.chat_id));
      if (!edited)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: message to edit not found" });
      if (edited.text === body.text)
        return reply(400, { ok: false, error_code: 400, description: "Bad Request: message is not modified" });
      edited.text = body.text;
      return reply(200, {
        ok: true,
        result: {
          message_id: edited.message_id,
          date: 0,
          chat: { id: edited.chat_id, type: "private" },
          text: body.text,
        },
      });
    }
    if (!body.text)
      return reply(400, { ok: false, error_code: 400, description: "Bad Request: message text is empty" });
    const message_id = nextMessageId++;
    sent.push({ chat_id: Number(body.chat_id), text: body.text, message_id });
    reply(200, {
      ok: true,
      result: {
        message_id,
        date: Math.floor(Date.now() / 1000),
        chat: { id: Number(body.chat_id), type: "private" },
        text: body.text,
      },
    });
  });
  server.on("connection", () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sent,
    calls,
    get requests() {
      return state.requests;
    },
    get connections() {
      return state.connections;
    },
    failNext: (...f) => failures.push(...f),
    failOn: (method, failure, { skip = 0 } = {}) => methodFailures.push({ method, skip, failure }),
    media,
    downloads,
    addFile: (data, { fileId, path, declaredSize } = {}) => {
      const n = nextFile++;
      const file = {
        data,
        path: path ?? `documents/file_${n}.bin`,
        size: declaredSize ?? data.length,
        uniqueId: `unique-${n}`,
      };
      const id = fileId ?? `file-${n}`;
      files.set(id, file);
      return { file_id: id, file_unique_id: file.uniqueId, file_size: file.size };
    },
    get refuseDrafts() {
      return state.refuseDrafts;
    },
    set refuseDrafts(value: boolean) {
      state.refuseDrafts = value;
    },
    get refusePhotos() {
      return state.refusePhotos;
    },
    set refusePhotos(value: boolean) {
      state.refusePhotos = value;
    },
    hold: (when) => {
      let release!: () => void;
      const hold = { when, waiting: 0, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.push(hold);
      return {
        get waiting() {
          return hold.waiting;
        },
        release: () => {
          holds.splice(holds.indexOf(hold), 1);
          release();
        },
      };
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
