import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuotaKey, QuotaRecord } from "@/lib/shared/quota-kinds";
import type { LEDGER_REASONS } from "@/lib/contracts/user";
import type { CustomDetails, PaymentKind, PaymentStatus } from "@/lib/shared/payments";
import type { ChannelPrices, OperatorRole } from "@/lib/shared/operator-roles";
import type { AlertKind } from "@/lib/shared/alerts";

// Money is integer kopecks; quotas are integer units. Both are guarded by CHECK constraints so an
// atomic UPDATE ... SET x = x - n fails instead of going below zero.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

// ---------------------------------------------------------------- users

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    telegramId: bigint("telegram_id", { mode: "number" }).notNull().unique(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name"),
    username: text("username"),
    languageCode: text("language_code"),
    isPremium: boolean("is_premium").notNull().default(false),
    isBot: boolean("is_bot").notNull().default(false),
    photoUrl: text("photo_url"),
    allowsWriteToPm: boolean("allows_write_to_pm").notNull().default(false),
    // Set when the Bot API answered 403 (never started or blocked the bot); cleared when they write to it.
    botBlockedAt: timestamp("bot_blocked_at", { withTimezone: true }),
    // Interface language chosen in the app (ru | en).
    language: text("language").notNull().default("ru"),
    firstLoginAt: timestamp("first_login_at", { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp("last_login_at", { withTimezone: true }).notNull().defaultNow(),
    activeSessionId: integer("active_session_id"),
    referralCode: text("referral_code").notNull().unique(),
    referredByUserId: integer("referred_by_user_id"),
    referralAppliedAt: timestamp("referral_applied_at", { withTimezone: true }),
    refBalanceKopecks: integer("ref_balance_kopecks").notNull().default(0),
    // Set by an operator (docs/product/console.md): the user's app calls and bot messages are refused.
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [check("users_ref_balance_non_negative", sql`${t.refBalanceKopecks} >= 0`)],
);

// ---------------------------------------------------------------- catalogue

export const models = pgTable("models", {
  id: serial("id").primaryKey(),
  // Provider-side identifier, also the stable seed key.
  modelName: text("model_name").notNull().unique(),
  displayName: text("display_name").notNull(),
  // English texts; null falls back to the Russian ones (display_name, description).
  displayNameEn: text("display_name_en"),
  provider: text("provider").notNull(),
  // text | image | image_edit | audio | files | video
  type: text("type").notNull(),
  image: text("image").notNull(),
  gif: text("gif"),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en"),
  modelTypeDescription: text("model_type_description").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  // The id sent to the OpenAI-compatible endpoint (OPENAI_BASE_URL), e.g. gpt-4o-mini, whisper-1; the seed fills it.
  providerModelId: text("provider_model_id"),
  // A disabled model is left out of every picker and launch; its open sessions are told once (docs/product/console.md).
  enabled: boolean("enabled").notNull().default(true),
  // What the provider charges us, in USD per the model kind's basis: 1 000 tokens (text), a picture,
  // a minute (audio, video), a document (lib/shared/pricing/provider-cost.ts).
  providerCostUsd: doublePrecision("provider_cost_usd").notNull().default(0),
  // The model of the same type that answers when every channel of this one is down
  // (docs/product/channels.md "Fallback model"); one step only, its own fallback is not followed.
  fallbackModelId: integer("fallback_model_id").references((): AnyPgColumn => models.id, { onDelete: "set null" }),
  // Text models: the dialogue's context budget in tokens (earlier turns sent, the cost line's percentage,
  // when to summarise); null means BOT_CONTEXT_TOKENS, which also caps it (docs/decisions/0343-context-budget-per-model.md).
  contextTokens: integer("context_tokens"),
  // Text models that see images: a photo in a dialogue goes to them as an image part of the chat
  // request; a model without it offers the ones with it (docs/product/bot.md "Photos in a dialogue").
  vision: boolean("vision").notNull().default(false),
});

// ---------------------------------------------------------------- provider channels

// An OpenAI-compatible endpoint with its key and the catalogue models it serves; a model's channels
// are tried by priority (lower first). consecutive_failures and cooldown_until are shared by every
// instance: a channel that failed CHANNEL_FAILURES_BEFORE_COOLDOWN times in a row is skipped until
// cooldown_until. The key is stored as given (docs/decisions/0320-channel-keys-stored-as-given.md).
export const channels = pgTable("channels", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  baseUrl: text("base_url").notNull(),
  apiKey: text("api_key").notNull(),
  priority: integer("priority").notNull().default(0),
  enabled: boolean("enabled").notNull().default(true),
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  cooldownUntil: timestamp("cooldown_until", { withTimezone: true }),
  // Share of traffic among the channels of one priority (integer ≥ 1).
  weight: integer("weight").notNull().default(1),
  // What this channel's provider charges, in roubles: the request log's cost (lib/server/requests/cost.ts).
  prices: jsonb("prices").$type<ChannelPrices>().notNull().default({}),
  // Set when the app disabled the channel itself (too many failures in a window): the probe job
  // enables such a channel again after a successful test; a channel an operator disabled has none.
  autoDisabledAt: timestamp("auto_disabled_at", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Which catalogue model a channel serves, and the id that channel knows it by.
export const channelModels = pgTable(
  "channel_models",
  {
    channelId: integer("channel_id")
      .notNull()
      .references(() => channels.id, { onDelete: "cascade" }),
    modelName: text("model_name")
      .notNull()
      .references(() => models.modelName, { onDelete: "cascade", onUpdate: "cascade" }),
    providerModelId: text("provider_model_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.modelName] }), index("channel_models_model").on(t.modelName)],
);

export const modelActions = pgTable(
  "model_actions",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    // text | files | text_to_image | generate_image | speech_to_text | noise_removal | dubbing |
    // text_to_video | image_to_video | video_to_video
    action: text("action").notNull(),
    // The price of one job of this action in units of its kind, per the action's basis
    // (lib/shared/pricing/job-price.ts; docs/product/billing.md "Prices per job").
    priceUnits: integer("price_units").notNull(),
  },
  (t) => [uniqueIndex("model_actions_model_action").on(t.modelId, t.action)],
);

export const assistantCategories = pgTable("assistant_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  // English text; null falls back to the Russian one.
  nameEn: text("name_en"),
  image: text("image").notNull(),
  // The category key used in routes and in list_by_category?type=.
  aiChatType: text("ai_chat_type").notNull().unique(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const assistants = pgTable("assistants", {
  id: serial("id").primaryKey(),
  seedKey: text("seed_key").notNull().unique(),
  categoryId: integer("category_id")
    .notNull()
    .references(() => assistantCategories.id, { onDelete: "cascade" }),
  name: text("name").notNull(),
  description: text("description").notNull(),
  // English texts; null falls back to the Russian ones.
  nameEn: text("name_en"),
  descriptionEn: text("description_en"),
  image: text("image").notNull(),
  // text | generating_image
  type: text("type").notNull().default("text"),
  // For image assistants: which tab lists them (editfoto | genfoto).
  imageTab: text("image_tab"),
  systemPrompt: text("system_prompt").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  // A disabled assistant is listed nowhere and cannot be started (the console's switch).
  enabled: boolean("enabled").notNull().default(true),
  // The models it may run on; empty: any model of its kind the user's tariff opens.
  modelIds: jsonb("model_ids").$type<number[]>().notNull().default([]),
});

export const favorites = pgTable(
  "favorites",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    assistantId: integer("assistant_id")
      .notNull()
      .references(() => assistants.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.assistantId] })],
);

// ---------------------------------------------------------------- tariffs and quotas

export const tariffs = pgTable("tariffs", {
  id: serial("id").primaryKey(),
  // Free | Starter | Neuro Basic | Custom
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  // English text; null falls back to the Russian one.
  descriptionEn: text("description_en"),
  // Price for 30 days.
  amountKopecks: integer("amount_kopecks").notNull(),
  tokenBalance: integer("token_balance").notNull(),
  imageBalance: integer("image_balance").notNull(),
  minutesBalance: integer("minutes_balance").notNull(),
  fileBalance: integer("file_balance").notNull(),
  videoBalance: integer("video_balance").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const tariffModels = pgTable(
  "tariff_models",
  {
    tariffId: integer("tariff_id")
      .notNull()
      .references(() => tariffs.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.tariffId, t.modelId] })],
);

// A single row of conversion rates used by the custom tariff price.
export const tariffRates = pgTable("tariff_rates", {
  id: integer("id").primaryKey().default(1),
  tokenToUsdRate: doublePrecision("token_to_usd_rate").notNull(),
  audioTokenToUsdRate: doublePrecision("audio_token_to_usd_rate").notNull(),
  imageTokenToUsdRate: doublePrecision("image_token_to_usd_rate").notNull(),
  videoTokenToUsdRate: doublePrecision("video_token_to_usd_rate").notNull(),
  fileTokenToUsdRate: doublePrecision("file_token_to_usd_rate").notNull(),
  usdRate: doublePrecision("usd_rate").notNull(),
});

// One row whose version the seed and every console change bump (in the change's transaction): app
// processes cache the catalogue (models, tariffs, rates, capabilities) and reload it when this changes.
// Rows edited by hand need `UPDATE catalogue_version SET version = version + 1` (docs/product/catalogue.md).
export const catalogueVersion = pgTable("catalogue_version", {
  id: integer("id").primaryKey().default(1),
  version: integer("version").notNull().default(0),
  // When the seed wrote the catalogue; once set, start-up never seeds again (the console owns it).
  seededAt: timestamp("seeded_at", { withTimezone: true }),
});

// The caller's current paid subscription. No row (or an expired one) means Free.
export const subscriptions = pgTable("subscriptions", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  tariffId: integer("tariff_id")
    .notNull()
    .references(() => tariffs.id),
  priceKopecks: integer("price_kopecks").notNull(),
  months: integer("months").notNull().default(1),
  startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  recurrent: boolean("recurrent").notNull().default(false),
  // Saved provider payment method used for auto-payment.
  paymentMethodId: text("payment_method_id"),
  textLimit: integer("text_limit").notNull(),
  imageLimit: integer("image_limit").notNull(),
  audioLimit: integer("audio_limit").notNull(),
  fileLimit: integer("file_limit").notNull(),
  videoLimit: integer("video_limit").notNull(),
  // Limits bought for the steps after the current one (a rebuilt Custom, a tariff whose balances
  // changed since): the current step keeps the limits above, the next refill makes these the limits.
  nextLimits: jsonb("next_limits").$type<QuotaRecord>(),
  // Custom tariff: the models chosen; null means the tariff's own model list.
  customModelIds: jsonb("custom_model_ids").$type<number[]>(),
  lastRenewalAttemptAt: timestamp("last_renewal_attempt_at", { withTimezone: true }),
});

export const quotas = pgTable(
  "quotas",
  {
    userId: integer("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    textTokens: integer("text_tokens").notNull().default(0),
    imageTokens: integer("image_tokens").notNull().default(0),
    audioTokens: integer("audio_tokens").notNull().default(0),
    fileTokens: integer("file_tokens").notNull().default(0),
    videoTokens: integer("video_tokens").notNull().default(0),
    // The columns above are the current 30-day step's allowance; these are bought package units,
    // kept across tariff changes, refills and expiry and spent after the allowance (docs/product/billing.md).
    packageTextTokens: integer("package_text_tokens").notNull().default(0),
    packageImageTokens: integer("package_image_tokens").notNull().default(0),
    packageAudioTokens: integer("package_audio_tokens").notNull().default(0),
    packageFileTokens: integer("package_file_tokens").notNull().default(0),
    packageVideoTokens: integer("package_video_tokens").notNull().default(0),
    // When the allowance is next refilled (or falls back to Free's); null: never (Free).
    stepEndsAt: timestamp("step_ends_at", { withTimezone: true }),
    // Balance alerts already sent in this step: the lowest threshold (percent) per kind.
    alertsSent: jsonb("alerts_sent").$type<Partial<Record<QuotaKey, number>>>().notNull().default({}),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      "quotas_non_negative",
      sql`${t.textTokens} >= 0 and ${t.imageTokens} >= 0 and ${t.audioTokens} >= 0 and ${t.fileTokens} >= 0 and ${t.videoTokens} >= 0`,
    ),
    check(
      "package_quotas_non_negative",
      sql`${t.packageTextTokens} >= 0 and ${t.packageImageTokens} >= 0 and ${t.packageAudioTokens} >= 0 and ${t.packageFileTokens} >= 0 and ${t.packageVideoTokens} >= 0`,
    ),
  ],
);

export type LedgerReason = (typeof LEDGER_REASONS)[number];

// Every change of a user's balances, one row per kind changed, written by the same statement that
// changes the balance (lib/server/quotas/ledger.ts). `balance_after` is allowance + package units.
export const balanceLedger = pgTable(
  "balance_ledger",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    kind: text("kind").$type<QuotaKey>().notNull(),
    units: integer("units").notNull(),
    /** The part of `units` that changed package units (the rest changed the allowance). */
    packageUnits: integer("package_units").notNull().default(0),
    balanceAfter: integer("balance_after").notNull(),
    reason: text("reason").$type<LedgerReason>().notNull(),
    modelName: text("model_name"),
    action: text("action"),
    paymentId: uuid("payment_id"),
    turnId: integer("turn_id"),
    videoJobId: integer("video_job_id"),
  },
  (t) => [index("balance_ledger_user_idx").on(t.userId, t.id)],
);

export const packages = pgTable("packages", {
  id: serial("id").primaryKey(),
  seedKey: text("seed_key").notNull().unique(),
  name: text("name").notNull(),
  // The package's texts in both languages (English null: the Russian one), edited in the console.
  nameEn: text("name_en"),
  description: text("description").notNull().default(""),
  descriptionEn: text("description_en"),
  image: text("image").notNull(),
  priceKopecks: integer("price_kopecks").notNull(),
  // Keys of the PackageTexts namespace in messages/*.json.
  smallDescriptionLanguageId: text("small_description_language_id").notNull(),
  descriptionLanguageId: text("description_language_id").notNull(),
  descriptionModelsId: text("description_models_id").notNull(),
  // reset, or the quota it adds to
  packagePurpose: text("package_purpose").$type<"reset" | QuotaKey>().notNull(),
  // Units added to the purpose's quota (ignored for reset).
  quotaAmount: integer("quota_amount").notNull().default(0),
  sortOrder: integer("sort_order").notNull().default(0),
});

// ---------------------------------------------------------------- payments and referral

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").$type<PaymentKind>().notNull(),
    tariffId: integer("tariff_id").references(() => tariffs.id),
    packageId: integer("package_id").references(() => packages.id),
    months: integer("months").notNull().default(1),
    // What the user pays after the referral discount.
    amountKopecks: integer("amount_kopecks").notNull(),
    // Referral balance reserved for this payment (released if it does not succeed).
    refAmountKopecks: integer("ref_amount_kopecks").notNull().default(0),
    // What the provider invoiced in its own currency units (Telegram Stars for XTR invoices):
    // a success is checked against this, never against a price recomputed at a later rate.
    providerAmount: integer("provider_amount"),
    email: text("email"),
    recurrent: boolean("recurrent").notNull().default(false),
    status: text("status").$type<PaymentStatus>().notNull().default("pending"),
    provider: text("provider").notNull(),
    providerPaymentId: text("provider_payment_id"),
    paymentUrl: text("payment_url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // Custom tariff composition: limits per kind and chosen model ids.
    details: jsonb("details").$type<CustomDetails>(),
    appliedAt: timestamp("applied_at", { withTimezone: true }),
    // An operator's refund through the provider: claimed by setting refund_requested_at with a
    // conditional update, so a double click or a second instance cannot ask the provider twice.
    // Cleared again when the provider call fails, so the operator can try again.
    refundRequestedAt: timestamp("refund_requested_at", { withTimezone: true }),
    refundReason: text("refund_reason"),
    // The amount of the refund claimed by refund_requested_at (a partial one, or the rest).
    refundAmountKopecks: integer("refund_amount_kopecks"),
    // What refunds returned so far; the payment is 'refunded' when it reaches amount_kopecks.
    refundedKopecks: integer("refunded_kopecks").notNull().default(0),
    // A tariff payment: the span of the subscription it paid for (after the current end when it
    // extended it). A refund takes back the part of it not yet used; a later refund or a change of
    // tariff moves or ends it (docs/product/billing.md "Refunds").
    periodStartsAt: timestamp("period_starts_at", { withTimezone: true }),
    periodEndsAt: timestamp("period_ends_at", { withTimezone: true }),
    // The unused part of the previous tariff's paid period credited toward this payment (a change of tariff).
    creditKopecks: integer("credit_kopecks").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    // At most one open payment per user.
    uniqueIndex("payments_one_pending_per_user")
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
    uniqueIndex("payments_provider_payment_id").on(t.provider, t.providerPaymentId),
    index("payments_user_created").on(t.userId, t.createdAt),
  ],
);

export const referralLedger = pgTable(
  "referral_ledger",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // reward | spend | release
    kind: text("kind").notNull(),
    amountKopecks: integer("amount_kopecks").notNull(),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    sourceUserId: integer("source_user_id"),
    createdAt: createdAt(),
  },
  // A payment rewards its referrer once, and reserves/releases the payer's balance once.
  // Partial refunds take a reward back in parts, so clawback and owed rows may repeat per payment.
  (t) => [
    uniqueIndex("referral_ledger_once")
      .on(t.paymentId, t.kind, t.userId)
      .where(sql`${t.kind} not in ('clawback', 'owed')`),
  ],
);

// ---------------------------------------------------------------- dialogue history

export const dialogSessions = pgTable(
  "dialog_sessions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    // The person's own title for the dialogue (renamed in history); null: the list titles it after its
    // first message (lib/server/history/list-sessions.ts).
    title: text("title"),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id),
    assistantId: integer("assistant_id").references(() => assistants.id),
    action: text("action").notNull(),
    // The earlier turns that no longer fit the model's context, summarised by the model (bot/summary.ts):
    // the summary stands for every message up to and including summarised_through_id.
    summary: text("summary"),
    summarisedThroughId: integer("summarised_through_id"),
    // /voice: every answer of this dialogue also comes as a voice message (bot/actions/spoken-answer.ts).
    voiceAnswers: boolean("voice_answers").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Serves the history list's ORDER BY updated_at DESC, id DESC (a backward scan) and its count, index-only.
  (t) => [index("dialog_sessions_user_updated_id").on(t.userId, t.updatedAt, t.id)],
);

export const dialogMessages = pgTable(
  "dialog_messages",
  {
    id: serial("id").primaryKey(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => dialogSessions.id, { onDelete: "cascade" }),
    userText: text("user_text"),
    userFileUrl: text("user_file_url"),
    // The uploaded file's own name (the key is random); null when it had none, as a voice message.
    userFileName: text("user_file_name"),
    aiText: text("ai_text"),
    aiFileUrl: text("ai_file_url"),
    // What the model read with the user's text but the chat does not show: a document's extracted
    // text, cut to the bot's context budget, so later turns of the session can ask about it.
    documentText: text("document_text"),
    // The model that wrote this answer: the session's model when the turn ran (a session can change model).
    modelId: integer("model_id").references(() => models.id),
    createdAt: createdAt(),
  },
  // Serves a thread's ORDER BY created_at, id and the list's "last user message" (backward scan).
  (t) => [index("dialog_messages_session_created_id").on(t.sessionId, t.createdAt, t.id)],
);

// ---------------------------------------------------------------- video

export type VideoFormat = { key: string; name: string; width: number; height: number; aspect_ratio: string };

export const videoCapabilities = pgTable("video_capabilities", {
  id: serial("id").primaryKey(),
  modelNamePattern: text("model_name_pattern").notNull().unique(),
  supportsTextToVideo: boolean("supports_text_to_video").notNull(),
  supportsImageToVideo: boolean("supports_image_to_video").notNull(),
  supportsVideoToVideo: boolean("supports_video_to_video").notNull(),
  supportedFormats: jsonb("supported_formats").$type<VideoFormat[]>().notNull(),
  // Allowed durations in seconds; the first is the default.
  durations: jsonb("durations").$type<number[]>().notNull(),
});

export const videoJobs = pgTable(
  "video_jobs",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    modelName: text("model_name").notNull(),
    action: text("action").notNull(),
    prompt: text("prompt").notNull(),
    formatKey: text("format_key").notNull(),
    duration: integer("duration").notNull(),
    cost: integer("cost").notNull(),
    // reserved | processing | succeeded | failed
    status: text("status").notNull(),
    providerTaskId: text("provider_task_id"),
    inputKey: text("input_key"),
    videoUrl: text("video_url"),
    error: text("error"),
    // The job's status message in the user's bot chat (bot/job-status.ts), edited as the job moves;
    // a job failed for a dead process (reapStaleJobs) closes it too.
    statusMessageId: bigint("status_message_id", { mode: "number" }),
    createdAt: createdAt(),
    // When the job succeeded or failed: recent durations of a model estimate the next job's time.
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    // When the user last had the finished clip posted to their chat (POST /api/video/send-to-chat):
    // a second tap within a short window posts nothing (docs/decisions/0505-video-sent-to-chat-once.md).
    sentToChatAt: timestamp("sent_to_chat_at", { withTimezone: true }),
    // That last send failed in a way that may still have posted the clip (Telegram answered 5xx, or the
    // connection was lost after the upload left): the window holds, and a tap within it is told so.
    sentToChatUnconfirmed: boolean("sent_to_chat_unconfirmed").notNull().default(false),
  },
  (t) => [
    uniqueIndex("video_jobs_idempotency").on(t.userId, t.idempotencyKey),
    // One generation at a time per user, enforced by the database so two requests cannot both start.
    uniqueIndex("video_jobs_one_running")
      .on(t.userId)
      .where(sql`${t.status} = 'processing'`),
  ],
);

// ---------------------------------------------------------------- bot outbox

export const botOutbox = pgTable(
  "bot_outbox",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    text: text("text").notNull(),
    // pending | sending | sent | failed | undeliverable (403, reason in last_error) | recorded (demo mode)
    // | cancelled (a cancelled broadcast's message not sent yet)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    // Demo mode (lib/server/demo/bot-transport.ts): the recorded Bot API method (sendPhoto, ...),
    // the sent file's storage key and name, parse_mode/reply_markup, and when an edit last changed it.
    // The outbox worker sends a row's parse_mode too (broadcasts are MarkdownV2).
    method: text("method"),
    fileKey: text("file_key"),
    fileName: text("file_name"),
    extra: jsonb("extra").$type<Record<string, unknown>>(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    // The operator's broadcast this message belongs to (its progress is counted from these rows).
    broadcastId: integer("broadcast_id").references(() => broadcasts.id, { onDelete: "cascade" }),
  },
  (t) => [
    index("bot_outbox_due").on(t.status, t.nextAttemptAt),
    index("bot_outbox_chat").on(t.chatId, t.id),
    index("bot_outbox_broadcast").on(t.broadcastId, t.status),
  ],
);

// An operator's message to a segment of users (docs/product/console.md "Broadcasts"). The
// broadcasts job queues it into bot_outbox in user-id order from `cursor_user_id`, a little at a
// time, so it resumes where it stopped after a restart and a cancel leaves little queued.
export const broadcasts = pgTable("broadcasts", {
  id: serial("id").primaryKey(),
  // Telegram MarkdownV2, checked when the broadcast was created.
  text: text("text").notNull(),
  // all | paying | free | ru | en
  segment: text("segment").notNull(),
  // running | done | cancelled
  status: text("status").notNull().default("running"),
  // Recipients counted at creation (users of the segment who allowed messages and did not block the bot).
  total: integer("total").notNull(),
  // The last user id queued; the next chunk starts after it.
  cursorUserId: integer("cursor_user_id").notNull().default(0),
  createdByTelegramId: bigint("created_by_telegram_id", { mode: "number" }).notNull(),
  createdAt: createdAt(),
  finishedAt: timestamp("finished_at", { withTimezone: true }),
});

// Updates from Telegram (or the demo chat), stored by the webhook before anything else happens and
// processed by the bot-updates job in update_id order per chat. update_id is unique: Telegram's
// retries of the same update are dropped at insert.
export const botUpdates = pgTable(
  "bot_updates",
  {
    id: serial("id").primaryKey(),
    updateId: bigint("update_id", { mode: "number" }).notNull().unique(),
    chatId: bigint("chat_id", { mode: "number" }),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    // pending | processing | done | failed
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    // Not taken before this time: a text that may be the first part of a split paste (its chat waits
    // for the rest), or an update Telegram rate-limited (retry_after). Null: at once.
    waitUntil: timestamp("wait_until", { withTimezone: true }),
    lastError: text("last_error"),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("bot_updates_due").on(t.status, t.chatId, t.updateId)],
);

/** What a paid turn reserved: the units of one kind, `fromPackage` of them taken from package units, at `modelName`'s price. */
export type TurnReservation = { kind: QuotaKey; amount: number; fromPackage: number; modelName: string };

// One turn of the bot: a text turn's id is the draft_id of the streamed answer; any turn's id is the
// payload of its Stop/Retry/Other model buttons. stop_requested_at is set by the webhook (Stop button),
// which the running turn polls, so Stop works whichever instance runs the turn. A failed turn keeps
// the user's input for Retry: the text, or (input) the Telegram file it was given.
export const botTurns = pgTable(
  "bot_turns",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    chatId: bigint("chat_id", { mode: "number" }).notNull(),
    sessionId: integer("session_id")
      .notNull()
      .references(() => dialogSessions.id, { onDelete: "cascade" }),
    userText: text("user_text").notNull(),
    // The session action the turn ran (text for a text turn in a document session too).
    action: text("action").notNull().default("text"),
    // A file turn's file as Telegram named it (bot/actions/incoming.ts IncomingFile), fetched again on Retry.
    input: jsonb("input").$type<Record<string, unknown>>(),
    // The session's model when the turn started: recent turns of a model estimate how long the next takes.
    modelId: integer("model_id"),
    // The Telegram update the turn answers: a later attempt at that update ends the rows an earlier,
    // crashed attempt left running (turn-reservations.ts).
    updateId: bigint("update_id", { mode: "number" }),
    // A paid turn's reserved units, given back by whoever ends its running row (turn-reservations.ts).
    reserved: jsonb("reserved").$type<TurnReservation>(),
    // running | done | stopped | failed | refused | handed_over | abandoned | retried
    status: text("status").notNull().default("running"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    stopRequestedAt: timestamp("stop_requested_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("bot_turns_running_update")
      .on(t.updateId)
      .where(sql`${t.status} = 'running'`),
  ],
);

// What each successful provider call reported, priced at the model's provider cost of that moment:
// the console's spend and margin per model (lib/server/catalogue/usage.ts).
export const modelUsage = pgTable(
  "model_usage",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    modelName: text("model_name").notNull(),
    action: text("action").notNull(),
    // As the job's price counts it: tokens, pictures, documents, minutes of audio, seconds of video.
    quantity: doublePrecision("quantity").notNull(),
    costUsd: doublePrecision("cost_usd").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("model_usage_created").on(t.createdAt)],
);

// ---------------------------------------------------------------- rate limits

// One fixed-window counter per (bucket, key), in the database so limits hold across app instances.
export const rateLimits = pgTable(
  "rate_limits",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);

// ---------------------------------------------------------------- operator console

// One row per change an operator made (docs/product/console.md), written in the change's own
// transaction: who (a Telegram id: an operator need not be a user of the app), what, on what, and the
// record before and after.
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: serial("id").primaryKey(),
    operatorTelegramId: bigint("operator_telegram_id", { mode: "number" }).notNull(),
    action: text("action").notNull(),
    target: text("target").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("admin_audit_newest").on(t.at, t.id)],
);

// A promo code an operator created (docs/product/console.md "Promo codes"): `amount` units of
// `quota_key` (to package units), days of `tariff_id`, or kopecks of referral balance; at most
// `max_redemptions` in all (counted by a conditional update), once per user (promo_redemptions).
export const promoCodes = pgTable(
  "promo_codes",
  {
    id: serial("id").primaryKey(),
    // As the operator typed it; redeemed case-insensitively (unique on lower(code)).
    code: text("code").notNull(),
    // units | days | roubles
    grant: text("grant").$type<"units" | "days" | "roubles">().notNull(),
    quotaKey: text("quota_key").$type<QuotaKey>(),
    tariffId: integer("tariff_id").references(() => tariffs.id),
    // Units, days, or kopecks (roubles).
    amount: integer("amount").notNull(),
    maxRedemptions: integer("max_redemptions").notNull(),
    redemptions: integer("redemptions").notNull().default(0),
    validUntil: timestamp("valid_until", { withTimezone: true }).notNull(),
    createdByTelegramId: bigint("created_by_telegram_id", { mode: "number" }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("promo_codes_code").on(sql`lower(${t.code})`),
    check("promo_codes_redemptions", sql`${t.redemptions} <= ${t.maxRedemptions}`),
  ],
);

// One row per user who redeemed a code: the unique key makes a redemption once per user, whatever
// the concurrency.
export const promoRedemptions = pgTable(
  "promo_redemptions",
  {
    id: serial("id").primaryKey(),
    codeId: integer("code_id")
      .notNull()
      .references(() => promoCodes.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("promo_redemptions_once").on(t.codeId, t.userId)],
);

// A one-time console link for an operator inside the mini-app: the code (a random secret, stored as
// its SHA-256) is redeemed once, before it expires, for an operator token.
export const adminLoginCodes = pgTable("admin_login_codes", {
  codeHash: text("code_hash").primaryKey(),
  operatorTelegramId: bigint("operator_telegram_id", { mode: "number" }).notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
  createdAt: createdAt(),
});

// The console's operators and their roles (docs/product/console.md "Roles"); the ids of
// ADMIN_TELEGRAM_IDS are seeded as owners the first time they are seen. A support operator's grants
// and refunds are capped by the limits an owner sets here.
export const operators = pgTable(
  "operators",
  {
    telegramId: bigint("telegram_id", { mode: "number" }).primaryKey(),
    role: text("role").$type<OperatorRole>().notNull(),
    // Support only: the most units one grant may give or take back, and the largest payment (kopecks) it may refund.
    grantLimit: integer("grant_limit").notNull().default(0),
    refundLimitKopecks: integer("refund_limit_kopecks").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("operators_role", sql`${t.role} in ('owner', 'support', 'analyst')`)],
);

// The operators' alerts through the bot (docs/product/console.md "Alerts"): one row per kind an owner
// changed; a kind without a row has its default (lib/server/alerts/settings.ts).
export const alertSettings = pgTable("alert_settings", {
  kind: text("kind").$type<AlertKind>().primaryKey(),
  enabled: boolean("enabled").notNull(),
  threshold: integer("threshold"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

// One row per provider call (docs/product/console.md "Request log"): who, which dialogue, model,
// channel, how much, how long, how it ended and what the provider cost (what the user was charged is
// the turn's ledger row).
// Never the message text. Pruned after REQUEST_LOG_RETENTION_DAYS by the jobs.
export const providerRequests = pgTable(
  "provider_requests",
  {
    id: serial("id").primaryKey(),
    createdAt: createdAt(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    sessionId: integer("session_id"),
    modelName: text("model_name").notNull(),
    channelId: integer("channel_id"),
    action: text("action").notNull(),
    tokensIn: integer("tokens_in").notNull().default(0),
    tokensOut: integer("tokens_out").notNull().default(0),
    // Images, audio minutes or video seconds, as the action counts them.
    units: doublePrecision("units").notNull().default(0),
    latencyMs: integer("latency_ms").notNull().default(0),
    status: text("status").notNull(),
    // The error's class (e.g. APIConnectionError), never its text.
    error: text("error"),
    costRub: doublePrecision("cost_rub").notNull().default(0),
  },
  (t) => [
    index("provider_requests_created").on(t.createdAt, t.id),
    index("provider_requests_user").on(t.userId, t.createdAt),
  ],
);

export type User = typeof users.$inferSelect;
export type Model = typeof models.$inferSelect;
export type Tariff = typeof tariffs.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Payment = typeof payments.$inferSelect;
export type Package = typeof packages.$inferSelect;
export type Broadcast = typeof broadcasts.$inferSelect;
export type VideoJob = typeof videoJobs.$inferSelect;
