import "server-only";
import { isIP } from "node:net";
import { z } from "zod";

// The one place that reads process.env. Everything else imports `env`.
const envSchema = z.object({
  APP_MODE: z.enum(["demo", "production"]).default("demo"),
  DATABASE_URL: z.string().url().optional(),
  // Connections one instance keeps to PostgreSQL: every chat a worker answers at once queues its queries on them.
  DATABASE_POOL_SIZE: z.coerce.number().int().positive().default(20),
  // Queries are sent as prepared statements (db/prepared-queries.ts); "false" for a pooler that cannot keep them.
  DATABASE_PREPARE: z.enum(["true", "false"]).default("true"),
  // Folder of the embedded database; "memory://" keeps it in memory (tests).
  PGLITE_DIR: z.string().default(".data/pglite"),
  DATA_DIR: z.string().default(".data"),
  BOT_TOKEN: z.string().min(10).optional(),
  BOT_USERNAME: z.string().default("ai_assistant_demo_bot"),
  BOT_API_BASE_URL: z.string().url().default("https://api.telegram.org"),
  TELEGRAM_WEBHOOK_SECRET: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_TTL_SECONDS: z.coerce.number().int().positive().default(3600),
  // Operators of the console at /admin (docs/product/console.md): comma-separated Telegram user ids.
  ADMIN_TELEGRAM_IDS: z
    .string()
    .default("")
    .refine((s) => s.split(",").every((id) => /^\s*(\d{1,15})?\s*$/.test(id)), "comma-separated Telegram ids")
    .transform((s) =>
      s
        .split(",")
        .map((id) => id.trim())
        .filter(Boolean)
        .map(Number),
    ),
  // How old a Login Widget sign-in may be when it reaches POST /api/admin/auth.
  ADMIN_LOGIN_MAX_AGE_SECONDS: z.coerce.number().int().positive().default(3600),
  INIT_DATA_MAX_AGE_SECONDS: z.coerce.number().int().nonnegative().default(86400),
  // Required in production; the demo without it builds links on the address it was reached at (lib/server/http/public-url.ts).
  PUBLIC_URL: z.string().url().optional(),
  PORT: z.coerce.number().int().positive().default(3000),
  PAYMENT_PROVIDER: z.enum(["sandbox", "yookassa", "stars"]).default("sandbox"),
  YOOKASSA_SHOP_ID: z.string().optional(),
  YOOKASSA_SECRET_KEY: z.string().optional(),
  YOOKASSA_API_URL: z.string().url().default("https://api.yookassa.ru/v3"),
  // How long a user waits for a payment link before a "try again" 503 (docs/decisions/0103-provider-deadlines.md).
  PAYMENT_LINK_DEADLINE_MS: z.coerce.number().int().positive().max(9000).default(8000),
  // YooKassa's published notification sources (yookassa.ru/developers/using-api/webhooks); "any"
  // accepts every source (safe: a notification is only believed after re-fetching the payment).
  YOOKASSA_TRUSTED_IPS: z
    .string()
    .default("185.71.76.0/27,185.71.77.0/27,77.75.153.0/25,77.75.156.11,77.75.156.35,77.75.154.128/25,2a02:5180::/32"),
  // How many reverse proxies of ours append to X-Forwarded-For in front of the app (see client-address.ts).
  // Scales every rate limit (lib/server/rate-limit/limits.ts); test suites raise it.
  // Jobs on any host: POST /api/jobs/{name} with "Authorization: Bearer <CRON_SECRET>" runs one job
  // (a host's scheduler calls it); JOBS_IN_PROCESS=false turns the in-process timers off.
  CRON_SECRET: z.string().min(16).optional(),
  // Bearer token Prometheus sends to GET /api/metrics; without it the route does not exist (404).
  METRICS_TOKEN: z.string().min(16).optional(),
  JOBS_IN_PROCESS: z.enum(["true", "false"]).default("true"),
  // JSON log lines on stdout (lib/server/log) at this level and above; tests run silent.
  LOG_LEVEL: z.enum(["trace", "debug", "info", "warn", "error", "fatal", "silent"]).default("info"),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().positive().default(1),
  TRUSTED_PROXY_COUNT: z.coerce.number().int().min(0).max(10).default(0),
  // The addresses (and CIDR ranges) of those proxies: a forwarded entry counts only when the hop that
  // wrote it is one of them. Unset: loopback and private addresses (DEFAULT_TRUSTED_PROXIES).
  TRUSTED_PROXY_ADDRESSES: z
    .string()
    .refine(
      (list) =>
        list
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean)
          .every((entry) => {
            const [ip, prefix, extra] = entry.split("/");
            const family = isIP(ip);
            const bits = family === 6 ? 128 : 32;
            return (
              family > 0 &&
              extra === undefined &&
              (prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits))
            );
          }),
      "comma-separated addresses or CIDR ranges",
    )
    .optional(),
  // 54-FZ receipts: when set, payments carry a receipt (one "service" line with this VAT code, 1 = no VAT).
  YOOKASSA_VAT_CODE: z.coerce.number().int().min(1).max(12).optional(),
  PAYMENT_LINK_TTL_MINUTES: z.coerce.number().int().positive().default(30),
  STARS_PER_ROUBLE: z.coerce.number().positive().default(0.6),
  VIDEO_PROVIDER: z.enum(["sandbox", "live"]).default("sandbox"),
  RUNWAY_API_URL: z.string().url().default("https://api.dev.runwayml.com"),
  RUNWAY_API_KEY: z.string().optional(),
  GOOGLE_VEO_API_URL: z.string().url().default("https://generativelanguage.googleapis.com"),
  GOOGLE_API_KEY: z.string().optional(),
  // The Gemini API's Veo model; with GOOGLE_API_KEY set the veo family goes to Google instead of Runway.
  GOOGLE_VEO_MODEL: z.string().default("veo-3.1-generate-preview"),
  STORAGE_DIR: z.string().default(".data/files"),
  // Signs stored-file links; without it a key derived from the JWT secret is used.
  FILES_SIGNING_SECRET: z.string().min(32).optional(),
  FILE_URL_TTL_SECONDS: z.coerce.number().int().positive().default(86400),
  // An S3-compatible bucket replaces the local folder when S3_BUCKET is set.
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  // How long one video generation may take before it is refunded as timed out.
  VIDEO_TIMEOUT_SECONDS: z.coerce.number().int().positive().default(600),
  VIDEO_POLL_INTERVAL_MS: z.coerce.number().int().positive().default(5000),
  VIDEO_SANDBOX_DELAY_MS: z.coerce.number().int().nonnegative().default(3000),
  // OpenAI-compatible endpoint for the bot's models (OpenAI, OpenRouter, LiteLLM, Ollama); unset = sandbox in demo mode.
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_API_KEY: z.string().min(1).optional(),
  AI_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  // A streamed answer with no new piece for this long has stalled: the turn ends as cut off.
  AI_STALL_SECONDS: z.coerce.number().positive().default(30),
  // A model's context budget for a bot dialogue, about this many tokens: the newest earlier messages
  // that fit are sent, older ones are summarised (lib/server/bot/summary.ts).
  BOT_CONTEXT_TOKENS: z.coerce.number().int().positive().default(4000),
  // A long job's status message in the chat is edited at most this often (Telegram's edit limits).
  BOT_STATUS_EDIT_SECONDS: z.coerce.number().min(0).default(4),
  // An image or dubbing job in the chat still running after this gets a status message.
  BOT_STATUS_AFTER_SECONDS: z.coerce.number().min(0).default(5),
  // How long a charged answer's safety copy waits in the outbox for its live delivery (decision 0474).
  BOT_ANSWER_HOLD_SECONDS: z.coerce.number().int().min(5).max(600).default(60),
  // Parallel chats one instance's bot-updates worker handles at once (one update per chat at a time).
  // A text turn mostly waits on the model's stream, so many fit; the bound keeps memory and the Bot
  // API's global rate in check (docs/performance.md).
  BOT_WORKER_CONCURRENCY: z.coerce.number().int().positive().default(100),
  // A text that may be the first part of a long paste Telegram split (over half of its 4096-character
  // limit) waits this long for the rest, so the paste is answered as one turn (0 turns joining off).
  BOT_PASTE_JOIN_MS: z.coerce.number().int().nonnegative().default(1000),
  // Settled bot updates (each holds a user's message) and delivered outbox messages are deleted after
  // this many days (lib/server/bot/retention.ts); 0 keeps them.
  BOT_KEEP_DAYS: z.coerce.number().int().nonnegative().default(7),
  // The console's request log (one row per provider call) is pruned after this many days; 0 keeps it.
  REQUEST_LOG_KEEP_DAYS: z.coerce.number().int().nonnegative().default(30),
  // One retry covers a dropped connection or a 429/5xx blip without doubling a slow user's wait.
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(1),
  OPENAI_TTS_VOICE: z.string().default("alloy"),
  // How long one channel may take to a streamed answer's first token, and to another call's result
  // (a picture takes far longer), before the model's next channel is tried (docs/product/channels.md).
  // The first stays under AI_STALL_SECONDS, which would end the whole turn first.
  AI_CHANNEL_FIRST_TOKEN_SECONDS: z.coerce.number().positive().default(15),
  AI_CHANNEL_RESULT_SECONDS: z.coerce.number().positive().default(60),
  // How long a channel that failed several times in a row is skipped before it is probed again.
  AI_CHANNEL_COOLDOWN_SECONDS: z.coerce.number().positive().default(60),
  // A channel failing this many calls within the window is disabled until a probe answers
  // (docs/decisions/0502-channels-disabled-and-probed.md; 0 never disables); the probe job tests the
  // disabled ones this often.
  CHANNEL_DISABLE_FAILURES: z.coerce.number().int().nonnegative().default(10),
  CHANNEL_DISABLE_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  CHANNEL_PROBE_SECONDS: z.coerce.number().int().positive().default(60),
  // Noise removal service: POST audio bytes, get cleaned audio back (docs/product/bot.md); unset = ffmpeg filters.
  AUDIO_CLEANUP_URL: z.string().url().optional(),
  // Voice translation (dubbing): the transcriber and the text model that translate before the session's speech model speaks.
  DUBBING_TRANSCRIBE_MODEL: z.string().default("whisper-1"),
  DUBBING_TRANSLATE_MODEL: z.string().default("gpt-4o-mini"),
  // A text dialogue's voice notes and spoken answers (docs/product/bot.md): the catalogue models that
  // transcribe and speak (by model_name); unset = the first enabled model of speech_to_text and of dubbing.
  BOT_TRANSCRIBE_MODEL: z.string().min(1).optional(),
  BOT_SPEECH_MODEL: z.string().min(1).optional(),
  // A spoken answer voices at most this many characters of the text answer (the speech API takes 4096).
  BOT_VOICE_ANSWER_MAX_CHARS: z.coerce.number().int().min(100).max(4096).default(1500),
});

export type Env = z.infer<typeof envSchema>;

function readEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${fields}`);
  }
  return parsed.data;
}

export const env: Env = readEnv();

/** Demo mode runs without a real bot: secrets are generated and the client mocks Telegram. */
export const isDemoMode = () => env.APP_MODE === "demo";

/** Production refuses to start without the secrets that make sign-in trustworthy. */
export function assertProductionConfig(): void {
  if (env.APP_MODE !== "production") return;
  const missing = (["BOT_TOKEN", "JWT_SECRET", "PUBLIC_URL"] as const).filter((k) => !env[k]);
  if (missing.length) {
    throw new Error(
      `APP_MODE=production needs ${missing.join(" and ")}. Set them (see README "Production") or run without APP_MODE for the demo.`,
    );
  }
}
