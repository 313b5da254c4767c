import http from "node:http";
import type { AddressInfo } from "node:net";
import { PNG } from "pngjs";

// A loopback fake of the OpenAI-compatible HTTP API, speaking the wire protocol the `openai` SDK uses:
//   POST /v1/chat/completions   JSON; with stream:true an SSE stream of `data: {chat.completion.chunk}`
//                               lines, a final usage chunk when stream_options.include_usage, `data: [DONE]`
//   POST /v1/images/generations JSON → { created, data: [{ b64_json }], output_format: "png" }
//   POST /v1/images/edits       multipart (image, prompt, model) → same as generations
//   POST /v1/audio/transcriptions multipart (file, model, response_format) → { text } or verbose_json
//   POST /v1/audio/speech       JSON (model, input, voice, response_format) → audio/mpeg, or Ogg/Opus for opus
// Requests are checked as the API reference shapes them (openai 6.x types) and a malformed one gets
// the API's 400 (invalid_request_error): a chat message's content is a string or a list of `text` and
// `image_url` parts (a user's only may hold images; the url an http(s) link or a base64 data URL of
// PNG, JPEG, WebP or GIF); transcriptions are multipart with a `file` of a supported format and a
// `model`; speech needs model, voice and an input of at most 4096 characters, in a known format.
// Use:
//   const fake = await startFakeOpenAi();          // fake.url is the base URL to give the SDK (…/v1)
//   fake.answer = "Hi there"; fake.usage = { prompt_tokens: 5, completion_tokens: 2 };
//   fake.mode = "fail500" | "fail429" | "fail400" | "hang" | "stall" | "normal";  // hang never answers (timeouts);
//                                  fail429 is the rate limit with `retry-after: 20` (the SDK waits it out);
//                                  stall streams the answer, then keeps the stream open without finishing
//   fake.streamDelayMs = 300;       // a pause before each streamed piece (a slow model)
//   fake.answerDelayMs = 500;       // a pause before any answer starts (a slow image or speech job)
//   fake.blindModels.add("deepseek-chat");  // a model that refuses image parts, as a text-only model does
//   fake.failingPaths.add("/v1/audio/speech"); // that endpoint alone answers 500
//   fake.requests  → every request: { path, authorization, model, body (JSON or multipart fields), files }
//   await fake.close();
// A wrong bearer key gets 401 like the real API.

export type FakeOpenAiMode = "normal" | "fail500" | "fail429" | "fail400" | "hang" | "stall";
export type FakeOpenAiFile = { field: string; filename: string; type: string; size: number };
export type FakeOpenAiRequest = {
  path: string;
  authorization: string | undefined;
  model: string | undefined;
  body: Record<string, any>;
  files: FakeOpenAiFile[];
  /** The body came as multipart/form-data. */
  multipart: boolean;
  /** performance.now() when the request was read, and when a streamed answer ended (the benches time the model's part). */
  receivedAt: number;
  endedAt?: number;
};
export type FakeOpenAi = {
  url: string;
  apiKey: string;
  mode: FakeOpenAiMode;
  answer: string;
  streamDelayMs: number;
  answerDelayMs: number;
  usage: { prompt_tokens: number; completion_tokens: number };
  transcript: string;
  /** Models that refuse a message with an image part (400), as text-only models do. */
  blindModels: Set<string>;
  /** Paths that answer 500 whatever the mode (one endpoint down while the others answer). */
  failingPaths: Set<string>;
  /** The length verbose_json reports for any recording. */
  transcriptSeconds: number;
  requests: FakeOpenAiRequest[];
  /** TCP connections the client opened so far (a client that keeps them alive opens few). */
  connections: number;
  close(): Promise<void>;
};

export const FAKE_SPEECH_BYTES = Buffer.concat([
  Buffer.from("ID3\u0004\u0000\u0000\u0000\u0000\u0000\u0000"),
  Buffer.alloc(64, 0xff),
]);
/** What `response_format: "opus"` answers: an Ogg page header, then filler. */
export const FAKE_OPUS_BYTES = Buffer.concat([Buffer.from("OggS\u0000\u0002"), Buffer.alloc(64, 0x4f)]);

// The API reference's accepted values (openai 6.x: audio/transcriptions.d.ts, audio/speech.d.ts).
const TRANSCRIBED_FORMATS = ["flac", "m4a", "mp3", "mp4", "mpeg", "mpga", "oga", "ogg", "wav", "webm"];
const TRANSCRIPTION_RESPONSES = ["json", "text", "srt", "verbose_json", "vtt", "diarized_json"];
const SPEECH_FORMATS: Record<string, string> = {
  mp3: "audio/mpeg",
  opus: "audio/ogg",
  aac: "audio/aac",
  flac: "audio/flac",
  wav: "audio/wav",
  pcm: "audio/pcm",
};
const SPEECH_MAX_INPUT = 4096;
const MESSAGE_ROLES = ["system", "developer", "user", "assistant", "tool"];
const IMAGE_DATA_URL = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;

function fakePng(): Buffer {
  const png = new PNG({ width: 2, height: 2 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

const json = (res: http.ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};
const apiError = (res: http.ServerResponse, status: number, message: string, code: string | null = null) =>
  json(res, status, {
    error: { message, type: status >= 500 ? "server_error" : "invalid_request_error", param: null, code },
  });

async function readBody(
  req: http.IncomingMessage,
): Promise<{ body: Record<string, any>; files: FakeOpenAiFile[]; multipart: boolean }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const type = req.headers["content-type"] ?? "";
  if (!type.startsWith("multipart/form-data"))
    return { body: raw.length ? JSON.parse(raw.toString()) : {}, files: [], multipart: false };
  // The platform's own multipart parser (undici), so the fake checks the SDK's real encoding.
  const form = await new Request("http://fake/", {
    method: "POST",
    headers: { "content-type": type },
    body: raw,
  }).formData();
  const body: Record<string, any> = {};
  const files: FakeOpenAiFile[] = [];
  for (const [field, value] of form.entries()) {
    if (typeof value === "string") body[field] = value;
    else files.push({ field, filename: value.name, type: value.type, size: value.size });
  }
  return { body, files, multipart: true };
}

async function streamChat(
  res: http.ServerResponse,
  fake: FakeOpenAi,
  body: Record<string, any>,
  request: FakeOpenAiRequest,
) {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  const base = {
    id: "chatcmpl-fake",
    object: "chat.completion.chunk",
    created: Math.floor(Date.now() / 1000),
    model: body.model,
  };
  const send = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
  send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
  for (const piece of fake.answer.match(/\S+\s*/g) ?? []) {
    if (fake.streamDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.streamDelayMs));
    if (res.destroyed) return; // the client stopped reading (Stop, timeout)
    send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
  }
  if (fake.mode === "stall") return; // only the client's abort or timeout ends this stream
  send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
  if (body.stream_options?.include_usage) send({ ...base, choices: [], usage: totalUsage(fake) });
  res.end("data: [DONE]\n\n");
  request.endedAt = performance.now();
}

const totalUsage = (fake: FakeOpenAi) => ({
  ...fake.usage,
  total_tokens: fake.usage.prompt_tokens + fake.usage.completion_tokens,
});

/** What the real API says of a malformed chat request (null when it is well formed). */
function chatRequestError(body: Record<string, any>, fake: FakeOpenAi): string | null {
  if (typeof body.model !== "string" || !body.model) return "you must provide a model parameter";
  if (!Array.isArray(body.messages) || !body.messages.length) return "'messages' is a required property";
  for (const [i, message] of body.messages.entries()) {
    const at = `messages[${i}]`;
    if (!MESSAGE_ROLES.includes(message?.role))
      return `Invalid value: '${message?.role}'. Supported values are: ${MESSAGE_ROLES.map((r) => `'${r}'`).join(", ")}.`;
    const { content } = message;
    if (typeof content === "string") continue;
    if (!Array.isArray(content) || !content.length)
      return `Invalid type for '${at}.content': expected a string or an array of parts.`;
    for (const [j, part] of content.entries()) {
      const where = `${at}.content[${j}]`;
      if (part?.type === "text") {
        if (typeof part.text !== "string") return `Missing required parameter: '${where}.text'.`;
      } else if (part?.type === "image_url") {
        if (message.role !== "user")
          return `Invalid value: 'image_url'. Only user messages may hold images ('${where}.type').`;
        const url = part.image_url?.url;
        if (typeof url !== "string") return `Missing required parameter: '${where}.image_url.url'.`;
        if (!/^https?:\/\//.test(url) && !IMAGE_DATA_URL.test(url))
          return `Invalid '${where}.image_url.url'. Expected a valid URL or a base64-encoded data URL with an image MIME type (image/png, image/jpeg, image/webp, image/gif).`;
        const { detail } = part.image_url;
        if (detail !== undefined && !["auto", "low", "high"].includes(detail))
          return `Invalid value: '${detail}' ('${where}.image_url.detail').`;
        if (fake.blindModels.has(body.model))
          return "Invalid content type. image_url is only supported by certain models.";
      } else return `Invalid value: '${part?.type}'. Supported values are: 'text' and 'image_url' ('${where}.type').`;
    }
  }
  return null;
}

function transcriptionRequestError(
  body: Record<string, any>,
  files: FakeOpenAiFile[],
  multipart: boolean,
): string | null {
  if (!multipart) return "The request must be multipart/form-data with a 'file' to transcribe.";
  const file = files.find((f) => f.field === "file");
  if (!file) return "'file' is a required property";
  if (typeof body.model !== "string" || !body.model) return "'model' is a required property";
  const extension = file.filename.slice(file.filename.lastIndexOf(".") + 1).toLowerCase();
  if (!TRANSCRIBED_FORMATS.includes(extension))
    return `Invalid file format. Supported formats: ${JSON.stringify(TRANSCRIBED_FORMATS)}`;
  if (body.response_format !== undefined && !TRANSCRIPTION_RESPONSES.includes(body.response_format))
    return `Invalid value: '${body.response_format}' ('response_format').`;
  return null;
}

function speechRequestError(body: Record<string, any>): string | null {
  if (typeof body.model !== "string" || !body.model) return "'model' is a required property";
  if (typeof body.input !== "string" || !body.input) return "'input' is a required property";
  if (body.input.length > SPEECH_MAX_INPUT)
    return `'input' is too long: ${body.input.length} characters, at most ${SPEECH_MAX_INPUT}.`;
  if (body.voice === undefined) return "'voice' is a required property";
  if (body.response_format !== undefined && !(body.response_format in SPEECH_FORMATS))
    return `Invalid value: '${body.response_format}'. Supported values are: ${Object.keys(SPEECH_FORMATS)
      .map((f) => `'${f}'`)
      .join(", ")}.`;
  return null;
}

function answer(
  res: http.ServerResponse,
  fake: FakeOpenAi,
  path: string,
  body: Record<string, any>,
  request: FakeOpenAiRequest,
) {
  switch (path) {
    case "/v1/chat/completions": {
      const invalid = chatRequestError(body, fake);
      if (invalid) return apiError(res, 400, invalid);
      if (body.stream) return streamChat(res, fake, body, request);
      return json(res, 200, {
        id: "chatcmpl-fake",
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message: { role: "assistant", content: fake.answer }, finish_reason: "stop" }],
        usage: totalUsage(fake),
      });
    }
    case "/v1/images/generations":
    case "/v1/images/edits":
      if (!body.prompt) return apiError(res, 400, "'prompt' is a required property");
      return json(res, 200, {
        created: Math.floor(Date.now() / 1000),
        data: [{ b64_json: fakePng().toString("base64") }],
        output_format: "png",
      });
    case "/v1/audio/transcriptions": {
      const invalid = transcriptionRequestError(body, request.files, request.multipart);
      if (invalid) return apiError(res, 400, invalid);
      if (body.response_format === "verbose_json") {
        return json(res, 200, {
          task: "transcribe",
          language: "english",
          duration: fake.transcriptSeconds,
          text: fake.transcript,
          segments: [],
        });
      }
      return json(res, 200, { text: fake.transcript });
    }
    case "/v1/audio/speech": {
      const invalid = speechRequestError(body);
      if (invalid) return apiError(res, 400, invalid);
      const format = body.response_format ?? "mp3";
      res.writeHead(200, { "content-type": SPEECH_FORMATS[format] });
      res.end(format === "opus" ? FAKE_OPUS_BYTES : FAKE_SPEECH_BYTES);
      return;
    }
    default:
      return apiError(res, 404, `Unknown path ${path}`, "unknown_url");
  }
}

export async function startFakeOpenAi({ apiKey = "sk-fake-test-key" }: { apiKey?: string } = {}): Promise<FakeOpenAi> {
  const fake: FakeOpenAi = {
    url: "",
    apiKey,
    mode: "normal",
    answer: "Hello from the fake model.",
    streamDelayMs: 0,
    answerDelayMs: 0,
    usage: { prompt_tokens: 12, completion_tokens: 5 },
    transcript: "Hello from the fake transcriber.",
    transcriptSeconds: 3.5,
    blindModels: new Set(),
    failingPaths: new Set(),
    requests: [],
    connections: 0,
    close: async () => {},
  };
  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url!, "http://x").pathname;
    const { body, files, multipart } = await readBody(req);
    const request: FakeOpenAiRequest = {
      path,
      authorization: req.headers.authorization,
      model: body.model,
      body,
      files,
      multipart,
      receivedAt: performance.now(),
    };
    fake.requests.push(request);
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return apiError(res, 401, "Incorrect API key provided.", "invalid_api_key");
    if (fake.mode === "hang") return; // never answers: the client's timeout must end it
    if (fake.answerDelayMs) await new Promise((resolve) => setTimeout(resolve, fake.answerDelayMs));
    if (fake.mode === "fail500" || fake.failingPaths.has(path))
      return apiError(res, 500, "The server had an error while processing your request.");
    if (fake.mode === "fail429") {
      res.setHeader("retry-after", "20");
      return apiError(res, 429, "Rate limit reached for requests.", "rate_limit_exceeded");
    }
    if (fake.mode === "fail400") return apiError(res, 400, "Invalid request (fake failing mode).", "invalid_request");
    answer(res, fake, path, body, request);
  });
  server.on("connection", () => fake.connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  fake.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections(); // hanging requests would otherwise keep close() waiting
      server.close(() => resolve());
    });
  return fake;
}
