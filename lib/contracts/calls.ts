import { z, type ZodType } from "zod";
import * as admin from "./admin";
import * as adminUsers from "./admin-users";
import * as adminCatalogue from "./admin-catalogue";
import * as adminBroadcasts from "./admin-broadcasts";
import * as adminPayments from "./admin-payments";
import * as adminChannels from "./admin-channels";
import * as adminOperators from "./admin-operators";
import * as adminExports from "./admin-exports";
import * as adminAlerts from "./admin-alerts";
import * as assistants from "./assistants";
import * as auth from "./auth";
import * as demo from "./demo";
import * as demoChat from "./demo-chat";
import * as files from "./files";
import * as health from "./health";
import * as history from "./history";
import * as jobs from "./jobs";
import * as metrics from "./metrics";
import * as models from "./models";
import * as notifications from "./notifications";
import * as openapi from "./openapi";
import * as packages from "./package";
import * as payments from "./payments";
import * as promo from "./promo";
import * as referral from "./referral";
import * as settings from "./settings";
import * as tariff from "./tariff";
import * as telegram from "./telegram";
import * as user from "./user";
import * as video from "./video";

/**
 * How a caller proves who it is: the document's security scheme of each (lib/server/http/openapi.ts).
 * user: a mini-app session token (POST /api/auth/telegram-login) as the bearer; operator: a console
 * token (POST /api/admin/auth…); telegram: the webhook's secret header; metrics and cron: the
 * METRICS_TOKEN and CRON_SECRET bearers; public: nothing (what such a call checks, it says itself).
 */
export type CallAuth = "public" | "user" | "operator" | "telegram" | "metrics" | "cron";

/**
 * The 4xx (and 503) answers a call's own rules give (an unknown id 404, a conflict 409, a spent quota 402, a rate
 * limit 429, a forbidden action 403 …). Those its auth and input give every such call are added to
 * the document by themselves: 400 for any call, 401 and 403 for a signed-in one, 413 and 415 for one
 * that takes a body, 429 for the console's calls (lib/server/http/openapi.ts).
 */
export type Refusal = 401 | 402 | 403 | 404 | 409 | 413 | 415 | 416 | 429 | 503;

/**
 * One call's contract: what it does, who may make it, what it takes and what it answers. `body` is
 * a JSON body, `form` the text fields of a multipart body (files beside them), `headers` request
 * headers the call reads; `response` is the JSON of a 2xx answer, and `binary` marks a call that
 * answers bytes instead (its response schema is then z.never()).
 */
export type CallContract = {
  /** One line saying what the call does: the document's summary of the operation. */
  summary: string;
  auth: CallAuth;
  refuses?: readonly Refusal[];
  body?: ZodType;
  form?: ZodType;
  query?: ZodType;
  params?: ZodType;
  headers?: ZodType;
  response: ZodType;
  binary?: BinaryAnswer;
};

/** What a call that answers bytes answers: their media type, and whether a Range may ask for a part (206). */
type BinaryAnswer = { mediaType: string; description: string; ranges?: true };

/**
 * Any /api path no route serves: the JSON error envelope with 404, whatever the method. Kept in the
 * table for the API tests; the document leaves it out (it is no call).
 */
const noCall = {
  summary: "No call at this path",
  auth: "public",
  refuses: [404],
  response: z.never(),
} satisfies CallContract;

/**
 * Every call under app/api, keyed "METHOD /api/path" as the route file serves it ({name} for a
 * dynamic segment). The API tests parse every 2xx answer with `response` and refuse a 4xx the call
 * does not list (tests/helpers/api.ts), the client's `api()` takes the key and returns its type, and
 * GET /api/openapi.json is generated from this table (docs/decisions/0120-response-contracts.md). A
 * new call needs its summary and auth here: the compiler and tests/api/openapi/openapi.test.ts say so.
 */
export const apiCalls = {
  "GET /api/admin/audit": {
    summary: "The console's audit log, newest first",
    auth: "operator",
    query: admin.adminAuditQuerySchema,
    response: admin.adminAuditResponseSchema,
  },
  "GET /api/admin/channels": {
    summary: "Every provider channel in the order calls try them, keys masked",
    auth: "operator",
    response: adminChannels.channelListResponseSchema,
  },
  "POST /api/admin/channels": {
    summary: "Add a provider channel with the models it serves",
    auth: "operator",
    refuses: [409],
    body: adminChannels.channelCreateBodySchema,
    response: adminChannels.channelSchema,
  },
  "PATCH /api/admin/channels/{id}": {
    summary: "Change a channel's given fields; without api_key the key is kept",
    auth: "operator",
    refuses: [404, 409],
    params: adminChannels.channelParamsSchema,
    body: adminChannels.channelPatchBodySchema,
    response: adminChannels.channelSchema,
  },
  "DELETE /api/admin/channels/{id}": {
    summary: "Remove a channel and its model list",
    auth: "operator",
    refuses: [404],
    params: adminChannels.channelParamsSchema,
    response: adminChannels.channelDeleteResponseSchema,
  },
  "POST /api/admin/channels/{id}/test": {
    summary: "Send a minimal request per model the channel serves and answer each one's status and latency",
    auth: "operator",
    refuses: [404],
    params: adminChannels.channelParamsSchema,
    response: adminChannels.channelTestResponseSchema,
  },
  "GET /api/admin/models/fallbacks": {
    summary: "Every model with its type and fallback model",
    auth: "operator",
    response: adminChannels.modelFallbackListResponseSchema,
  },
  "PUT /api/admin/models/{id}/fallback": {
    summary: "Set the model that answers when all of this one's channels are down",
    auth: "operator",
    refuses: [404],
    params: adminChannels.modelFallbackParamsSchema,
    body: adminChannels.modelFallbackBodySchema,
    response: adminChannels.modelFallbackResponseSchema,
  },
  "POST /api/admin/auth": {
    summary: "Sign an operator in with Telegram's Login Widget data",
    auth: "public",
    refuses: [401, 403, 429],
    body: admin.adminAuthBodySchema,
    response: admin.adminTokenResponseSchema,
  },
  "POST /api/admin/auth/demo": {
    summary: "Sign in to the console as the demo operator (demo mode only)",
    auth: "public",
    refuses: [404, 429],
    response: admin.adminTokenResponseSchema,
  },
  "POST /api/admin/auth/redeem": {
    summary: "Trade a one-time console link code for an operator token",
    auth: "public",
    refuses: [401, 403, 429],
    body: admin.adminRedeemBodySchema,
    response: admin.adminTokenResponseSchema,
  },
  "GET /api/admin/users": {
    summary: "Users by Telegram id, username or name, newest first",
    auth: "operator",
    query: adminUsers.adminUsersQuerySchema,
    response: adminUsers.adminUsersResponseSchema,
  },
  "GET /api/admin/users/{id}": {
    summary: "One user's account, tariff, balances, referral, payments, ledger and dialogue titles",
    auth: "operator",
    refuses: [404],
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminUserResponseSchema,
  },
  "POST /api/admin/users/{id}/block": {
    summary: "Block a user: their app calls and bot messages are refused",
    auth: "operator",
    refuses: [404],
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminBlockResponseSchema,
  },
  "POST /api/admin/users/{id}/grant": {
    summary: "Give a user package units, or take them back",
    auth: "operator",
    refuses: [404],
    params: adminUsers.adminUserParamsSchema,
    body: adminUsers.adminGrantBodySchema,
    response: adminUsers.adminGrantResponseSchema,
  },
  "POST /api/admin/users/{id}/unblock": {
    summary: "Let a blocked user back in",
    auth: "operator",
    refuses: [404],
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminBlockResponseSchema,
  },
  "GET /api/admin/models": {
    summary: "Every model with both languages' texts, prices and provider cost",
    auth: "operator",
    response: adminCatalogue.adminModelsResponseSchema,
  },
  "PATCH /api/admin/models/{id}": {
    summary: "Change a model's texts, provider model id, switch, prices or provider cost",
    auth: "operator",
    refuses: [404],
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminModelPatchSchema,
    response: adminCatalogue.adminModelsResponseSchema.element,
  },
  "GET /api/admin/tariffs": {
    summary: "Every tariff with its price, balances and models",
    auth: "operator",
    response: adminCatalogue.adminTariffsResponseSchema,
  },
  "PATCH /api/admin/tariffs/{name}": {
    summary: "Change a tariff's price, balances, texts or models",
    auth: "operator",
    refuses: [404],
    params: adminCatalogue.adminTariffParamsSchema,
    body: adminCatalogue.adminTariffPatchSchema,
    response: adminCatalogue.adminTariffsResponseSchema.element,
  },
  "GET /api/admin/packages": {
    summary: "Every package of the store",
    auth: "operator",
    response: adminCatalogue.adminPackagesResponseSchema,
  },
  "POST /api/admin/packages": {
    summary: "Add a package",
    auth: "operator",
    body: adminCatalogue.adminPackageCreateSchema,
    response: adminCatalogue.adminPackageResponseSchema,
  },
  "PATCH /api/admin/packages/{id}": {
    summary: "Change a package's names, descriptions, price or amount",
    auth: "operator",
    refuses: [404],
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminPackagePatchSchema,
    response: adminCatalogue.adminPackageResponseSchema,
  },
  "GET /api/admin/assistants": {
    summary: "Every assistant, disabled ones too",
    auth: "operator",
    response: adminCatalogue.adminAssistantsResponseSchema,
  },
  "POST /api/admin/assistants": {
    summary: "Add an assistant",
    auth: "operator",
    body: adminCatalogue.adminAssistantCreateSchema,
    response: adminCatalogue.adminAssistantResponseSchema,
  },
  "PATCH /api/admin/assistants/{id}": {
    summary: "Change an assistant's names, descriptions, category, instructions, models or switch",
    auth: "operator",
    refuses: [404],
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminAssistantPatchSchema,
    response: adminCatalogue.adminAssistantResponseSchema,
  },
  "GET /api/admin/assistant-categories": {
    summary: "Every assistant category",
    auth: "operator",
    response: adminCatalogue.adminCategoriesResponseSchema,
  },
  "POST /api/admin/assistant-categories": {
    summary: "Add an assistant category",
    auth: "operator",
    refuses: [409],
    body: adminCatalogue.adminCategoryCreateSchema,
    response: adminCatalogue.adminCategoryResponseSchema,
  },
  "PATCH /api/admin/assistant-categories/{id}": {
    summary: "Rename an assistant category in either language",
    auth: "operator",
    refuses: [404],
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminCategoryPatchSchema,
    response: adminCatalogue.adminCategoryResponseSchema,
  },
  "GET /api/admin/stats": {
    summary: "Revenue, users, units spent and provider cost, in total, per day and per model",
    auth: "operator",
    query: adminCatalogue.adminStatsQuerySchema,
    response: adminCatalogue.adminStatsResponseSchema,
  },
  "GET /api/admin/broadcasts": {
    summary: "The latest broadcasts with their progress",
    auth: "operator",
    response: adminBroadcasts.adminBroadcastsResponseSchema,
  },
  "POST /api/admin/broadcasts": {
    summary: "Check a MarkdownV2 text and start sending it to a segment of users",
    auth: "operator",
    body: adminBroadcasts.adminBroadcastBodySchema,
    response: adminBroadcasts.adminBroadcastSchema,
  },
  "GET /api/admin/broadcasts/{id}": {
    summary: "A broadcast's progress: sent, failed, blocked, left",
    auth: "operator",
    refuses: [404],
    params: adminBroadcasts.adminBroadcastParamsSchema,
    response: adminBroadcasts.adminBroadcastSchema,
  },
  "POST /api/admin/broadcasts/{id}/cancel": {
    summary: "Stop a running broadcast; its unsent messages are dropped",
    auth: "operator",
    refuses: [404, 409],
    params: adminBroadcasts.adminBroadcastParamsSchema,
    response: adminBroadcasts.adminBroadcastSchema,
  },
  "GET /api/admin/payments": {
    summary: "Every user's payments, newest first",
    auth: "operator",
    query: adminPayments.adminPaymentsQuerySchema,
    response: adminPayments.adminPaymentsResponseSchema,
  },
  "POST /api/admin/payments/{id}/refund": {
    summary: "Refund a payment through its provider, in full or an amount of it, once",
    auth: "operator",
    refuses: [404, 409],
    params: adminPayments.adminPaymentParamsSchema,
    body: adminPayments.adminRefundBodySchema,
    response: adminPayments.adminRefundResponseSchema,
  },
  "GET /api/admin/promo-codes": {
    summary: "Every promo code with its redemptions",
    auth: "operator",
    response: promo.adminPromoListResponseSchema,
  },
  "POST /api/admin/promo-codes": {
    summary: "Create a promo code: units of a kind, days of a tariff or roubles of referral balance",
    auth: "operator",
    refuses: [409],
    body: promo.adminPromoCreateBodySchema,
    response: promo.adminPromoSchema,
  },
  "GET /api/admin/me": {
    summary: "The signed-in operator's role and limits",
    auth: "operator",
    response: adminOperators.operatorMeResponseSchema,
  },
  "GET /api/admin/operators": {
    summary: "Every console operator with their role (owners only)",
    auth: "operator",
    response: adminOperators.operatorListResponseSchema,
  },
  "PUT /api/admin/operators/{telegram_id}": {
    summary: "Add an operator or change their role and support limits (owners only)",
    auth: "operator",
    refuses: [409],
    params: adminOperators.operatorParamsSchema,
    body: adminOperators.operatorPutBodySchema,
    response: adminOperators.operatorSchema,
  },
  "DELETE /api/admin/operators/{telegram_id}": {
    summary: "Remove an operator; never the last owner nor an id of ADMIN_TELEGRAM_IDS (owners only)",
    auth: "operator",
    refuses: [404, 409],
    params: adminOperators.operatorParamsSchema,
    response: adminOperators.operatorDeleteResponseSchema,
  },
  "GET /api/admin/alerts": {
    summary: "The bot's alerts to the owners: each kind on or off and its threshold (owners only)",
    auth: "operator",
    response: adminAlerts.alertSettingsResponseSchema,
  },
  "PUT /api/admin/alerts": {
    summary: "Turn alert kinds on or off and set their thresholds (owners only)",
    auth: "operator",
    body: adminAlerts.alertSettingsPutBodySchema,
    response: adminAlerts.alertSettingsResponseSchema,
  },
  "GET /api/admin/exports/payments.csv": {
    summary: "Payments of a date range as CSV (UTF-8 with BOM), streamed (owners and analysts)",
    auth: "operator",
    query: adminExports.exportRangeQuerySchema,
    response: adminExports.csvExportResponseSchema,
    binary: {
      mediaType: "text/csv",
      description: "CSV, UTF-8 with a byte-order mark, CRLF lines, a header line first",
    },
  },
  "GET /api/admin/exports/ledger.csv": {
    summary: "The balance ledger of a date range as CSV (UTF-8 with BOM), streamed (owners and analysts)",
    auth: "operator",
    query: adminExports.exportRangeQuerySchema,
    response: adminExports.csvExportResponseSchema,
    binary: {
      mediaType: "text/csv",
      description: "CSV, UTF-8 with a byte-order mark, CRLF lines, a header line first",
    },
  },
  "GET /api/admin/exports/requests.csv": {
    summary: "The request log of a date range as CSV (UTF-8 with BOM), streamed (owners and analysts)",
    auth: "operator",
    query: adminExports.exportRangeQuerySchema,
    response: adminExports.csvExportResponseSchema,
    binary: {
      mediaType: "text/csv",
      description: "CSV, UTF-8 with a byte-order mark, CRLF lines, a header line first",
    },
  },
  "GET /api/admin/requests": {
    summary: "The request log, one row per provider call, newest first, by user, model, channel, status and dates",
    auth: "operator",
    query: adminExports.adminRequestsQuerySchema,
    response: adminExports.adminRequestsResponseSchema,
  },
  "GET /api/assistants/categories": {
    summary: "The assistant categories in display order",
    auth: "user",
    response: assistants.assistantCategoriesResponseSchema,
  },
  "GET /api/assistants/create_image_assistant_session": {
    summary: "Start an image assistant on an image model",
    auth: "user",
    refuses: [403, 404, 429],
    query: assistants.imageAssistantSessionQuerySchema,
    response: assistants.imageAssistantSessionResponseSchema,
  },
  "GET /api/assistants/generating_image": {
    summary: "The image assistants with the caller's favourite flag",
    auth: "user",
    response: assistants.imageAssistantsResponseSchema,
  },
  "GET /api/assistants/id": {
    summary: "Start a text assistant on a text model",
    auth: "user",
    refuses: [403, 404, 429],
    query: assistants.assistantSessionQuerySchema,
    response: assistants.assistantSessionResponseSchema,
  },
  "GET /api/assistants/list_by_category": {
    summary: "One category's assistants with the caller's favourite flag",
    auth: "user",
    refuses: [404],
    query: assistants.listByCategoryQuerySchema,
    response: assistants.listByCategoryResponseSchema,
  },
  "GET /api/assistants/models": {
    summary: "The models assistants run on, with the caller's access",
    auth: "user",
    response: assistants.assistantModelsResponseSchema,
  },
  "POST /api/auth/telegram-login": {
    summary: "Sign in with the messenger's launch data",
    auth: "public",
    refuses: [401, 429],
    body: auth.telegramLoginBodySchema,
    response: auth.telegramLoginResponseSchema,
  },
  "GET /api/demo/chat/messages": {
    summary: "The demo user's chat with the bot, or what changed after a cursor (demo mode only)",
    auth: "user",
    refuses: [404],
    query: demoChat.demoChatMessagesQuerySchema,
    response: demoChat.demoChatMessagesResponseSchema,
  },
  "POST /api/demo/chat/updates": {
    summary: "Send the demo bot a message, a file or a button press (demo mode only)",
    auth: "user",
    refuses: [404, 429],
    body: demoChat.demoChatJsonBodySchema,
    form: demoChat.demoChatFileFieldsSchema,
    response: demoChat.demoChatUpdateResponseSchema,
  },
  "POST /api/demo/history": {
    summary: "Add sessions with messages to the caller's history (demo mode only)",
    auth: "user",
    refuses: [404],
    body: demo.demoHistoryBodySchema,
    response: demo.demoHistoryResponseSchema,
  },
  "GET /api/demo/init-data": {
    summary: "Launch data signed with the development bot token (demo mode only)",
    auth: "public",
    refuses: [404],
    query: demo.demoInitDataQuerySchema,
    response: demo.demoInitDataResponseSchema,
  },
  "GET /api/files/{key}": {
    summary: "A stored file by its signed, expiring link (Range supported)",
    auth: "public",
    refuses: [403, 404, 416],
    params: files.storedFileParamsSchema,
    query: files.storedFileQuerySchema,
    headers: files.storedFileHeadersSchema,
    response: files.storedFileResponseSchema,
    binary: { mediaType: "*/*", description: "The file, of the type its key's extension names", ranges: true },
  },
  "GET /api/health": {
    summary:
      "Liveness (the database answers); with ready=1 readiness: the bot's backlog, or 503 from the moment the instance drains (SIGTERM)",
    auth: "public",
    refuses: [503],
    query: health.healthQuerySchema,
    response: health.healthResponseSchema,
  },
  "GET /api/metrics": {
    summary: "Prometheus metrics in the text exposition format",
    auth: "metrics",
    response: metrics.metricsResponseSchema,
    binary: { mediaType: "text/plain", description: "Prometheus' text exposition format (version 0.0.4)" },
  },
  "POST /api/history/": {
    summary: "One page of the caller's dialogue sessions, most recently used first, optionally searched",
    auth: "user",
    body: history.historyPageBodySchema,
    response: history.historyPageResponseSchema,
  },
  "GET /api/history/id": {
    summary: "A session's messages, oldest first",
    auth: "user",
    refuses: [404],
    query: history.historyThreadQuerySchema,
    response: history.historyThreadResponseSchema,
  },
  "POST /api/history/id": {
    summary: "Continue a session in the messenger, optionally on another model",
    auth: "user",
    refuses: [403, 404, 429],
    body: history.historyContinueBodySchema,
    response: history.historyContinueResponseSchema,
  },
  "PATCH /api/history/id": {
    summary: "Rename one of the caller's dialogues",
    auth: "user",
    refuses: [404],
    body: history.historyRenameBodySchema,
    response: history.historyRenameResponseSchema,
  },
  "DELETE /api/history/id": {
    summary: "Delete one of the caller's dialogues with its messages and stored files",
    auth: "user",
    refuses: [404, 409],
    query: history.historyDeleteQuerySchema,
    response: history.historyDeleteResponseSchema,
  },
  "GET /api/history/models": {
    summary: "The models a session may continue with",
    auth: "user",
    refuses: [404],
    query: history.historyModelsQuerySchema,
    response: history.historyModelsResponseSchema,
  },
  "POST /api/jobs/{name}": {
    summary: "Run one background job now",
    auth: "cron",
    refuses: [404],
    params: jobs.runJobParamsSchema,
    response: jobs.runJobResponseSchema,
  },
  "GET /api/models/all": {
    summary: "Every model with its actions, each flagged with the caller's access",
    auth: "user",
    response: models.modelsResponseSchema,
  },
  "GET /api/models/image/session": {
    summary: "Start a session with an image model and one of its image actions",
    auth: "user",
    refuses: [403, 404, 429],
    query: models.imageSessionQuerySchema,
    response: models.imageSessionResponseSchema,
  },
  "POST /api/models/session": {
    summary: "Start a session with any model and one of its actions",
    auth: "user",
    refuses: [403, 404, 429],
    body: models.modelSessionBodySchema,
    response: models.modelSessionResponseSchema,
  },
  "GET /api/models/text/session": {
    summary: "Start a dialogue with a text model",
    auth: "user",
    refuses: [403, 404, 429],
    query: models.textSessionQuerySchema,
    response: models.textSessionResponseSchema,
  },
  "GET /api/openapi.json": {
    summary: "This document: every call, generated from the server's contracts",
    auth: "public",
    response: openapi.openApiDocumentResponseSchema,
  },
  "GET /api/package/": {
    summary: "The package store",
    auth: "user",
    response: packages.packagesResponseSchema,
  },
  "POST /api/package/payment": {
    summary: "Create a payment for a package",
    auth: "user",
    refuses: [404, 409, 429],
    body: packages.createPackagePaymentBodySchema,
    response: packages.createPackagePaymentResponseSchema,
  },
  "POST /api/payments/sandbox/{paymentId}/{action}": {
    summary: "Confirm or decline a sandbox payment (the sandbox checkout's buttons)",
    auth: "public",
    refuses: [404, 409],
    params: payments.sandboxPaymentParamsSchema,
    response: payments.sandboxPaymentResponseSchema,
  },
  "POST /api/payments/webhook/yookassa": {
    summary: "A YooKassa notification, believed only after fetching the payment again",
    auth: "public",
    refuses: [403, 429],
    body: payments.yookassaNotificationSchema,
    response: payments.yookassaWebhookResponseSchema,
  },
  "POST /api/referral/activate-code": {
    summary: "Make a code's owner the caller's referrer, once",
    auth: "user",
    refuses: [403, 404, 409, 429],
    body: referral.activateCodeBodySchema,
    response: referral.activateCodeResponseSchema,
  },
  "GET /api/referral/balance": {
    summary: "The caller's referral balance in roubles",
    auth: "user",
    response: referral.referralBalanceResponseSchema,
  },
  "GET /api/referral/can-apply": {
    summary: "Whether the caller may still enter someone's referral code",
    auth: "user",
    response: referral.canApplyResponseSchema,
  },
  "GET /api/referral/check-code/{code}": {
    summary: "Whether the caller can use a referral code, with the reason",
    auth: "user",
    refuses: [429],
    params: referral.checkCodeParamsSchema,
    response: referral.checkCodeResponseSchema,
  },
  "GET /api/referral/my-code": {
    summary: "The caller's referral code and the link that opens the mini-app with it",
    auth: "user",
    response: referral.myCodeResponseSchema,
  },
  "POST /api/settings/language": {
    summary: "Remember the caller's interface language",
    auth: "user",
    body: settings.setLanguageBodySchema,
    response: settings.setLanguageResponseSchema,
  },
  "POST /api/settings/payments": {
    summary: "The caller's payments, newest first",
    auth: "user",
    response: settings.paymentListResponseSchema,
  },
  "POST /api/promo/redeem": {
    summary: "Redeem a promo code, once per user",
    auth: "user",
    refuses: [429],
    body: promo.promoRedeemBodySchema,
    response: promo.promoRedeemResponseSchema,
  },
  "POST /api/settings/recurrent": {
    summary: "Turn auto-payment off, or on again with a saved payment method",
    auth: "user",
    refuses: [409],
    body: settings.setRecurrentBodySchema,
    response: settings.setRecurrentResponseSchema,
  },
  "GET /api/settings/recurrent-status": {
    summary: "Whether the current subscription renews itself",
    auth: "user",
    response: settings.recurrentStatusResponseSchema,
  },
  "POST /api/tariff/cancel-pending-payment": {
    summary: "Cancel the caller's open payment and give back its referral roubles",
    auth: "user",
    refuses: [404, 409],
    response: tariff.cancelPendingPaymentResponseSchema,
  },
  "GET /api/tariff/check-pending-payment": {
    summary: "The caller's open payment and the minutes until its link expires",
    auth: "user",
    response: tariff.checkPendingPaymentResponseSchema,
  },
  "POST /api/tariff/create": {
    summary: "Create a payment for a standard tariff",
    auth: "user",
    refuses: [409, 429],
    body: tariff.createTariffPaymentBodySchema,
    response: tariff.createTariffPaymentResponseSchema,
  },
  "POST /api/tariff/create_custom": {
    summary: "Create a payment for a Custom tariff composed in the builder",
    auth: "user",
    refuses: [409, 429],
    body: tariff.createCustomTariffPaymentBodySchema,
    response: tariff.createCustomTariffPaymentResponseSchema,
  },
  "GET /api/tariff/credit": {
    summary: "What the running tariff's unused paid days credit toward another tariff",
    auth: "user",
    response: tariff.tariffCreditResponseSchema,
  },
  "GET /api/tariff/create_data": {
    summary: "Rates, slider bounds and models of the Custom tariff builder",
    auth: "user",
    response: tariff.createDataResponseSchema,
  },
  "GET /api/tariff/standard": {
    summary: "Every tariff keyed by name, with balances and models",
    auth: "user",
    response: tariff.standardTariffsResponseSchema,
  },
  "POST /api/telegram/webhook": {
    summary: "An update from Telegram",
    auth: "telegram",
    body: telegram.telegramUpdateBodySchema,
    response: telegram.telegramWebhookResponseSchema,
  },
  "GET /api/user/assistants": {
    summary: "The caller's favourite assistants",
    auth: "user",
    response: assistants.favoritesResponseSchema,
  },
  "POST /api/user/assistants": {
    summary: "Add an assistant to the caller's favourites",
    auth: "user",
    refuses: [404],
    body: assistants.favoriteBodySchema,
    response: assistants.favoriteResponseSchema,
  },
  "DELETE /api/user/assistants": {
    summary: "Remove an assistant from the caller's favourites",
    auth: "user",
    refuses: [404],
    body: assistants.favoriteBodySchema,
    response: assistants.favoriteResponseSchema,
  },
  "GET /api/user/console-link": {
    summary: "Whether the personal account shows the Console link (operators only)",
    auth: "user",
    response: admin.consoleLinkAvailableResponseSchema,
  },
  "POST /api/user/console-link": {
    summary: "A one-time link that signs the operator in to the console",
    auth: "user",
    refuses: [429],
    response: admin.consoleLinkResponseSchema,
  },
  "GET /api/user/count": {
    summary: "How many dialogue sessions, favourites and messages the caller has",
    auth: "user",
    response: user.userCountResponseSchema,
  },
  "GET /api/user/notifications": {
    summary: "The header bell: the caller's latest payments and finished videos",
    auth: "user",
    response: notifications.notificationsResponseSchema,
  },
  "GET /api/user/statistic": {
    summary: "The caller's remaining quotas and the tariff's limits",
    auth: "user",
    response: user.userStatisticResponseSchema,
  },
  "GET /api/user/usage": {
    summary: "The caller's balance changes, newest first",
    auth: "user",
    query: user.userUsageQuerySchema,
    response: user.userUsageResponseSchema,
  },
  "GET /api/user/user-tariff": {
    summary: "The caller's tariff name, its monthly price, when it ends and whether it renews",
    auth: "user",
    response: user.userTariffResponseSchema,
  },
  "GET /api/video/check-model-cost/{modelName}": {
    summary: "Whether the caller's video quota covers one clip of a model",
    auth: "user",
    refuses: [404],
    params: video.videoCostParamsSchema,
    response: video.videoCostResponseSchema,
  },
  "POST /api/video/generate": {
    summary: "Generate a video clip from a prompt and, for some actions, an image or video",
    auth: "user",
    refuses: [402, 404, 409, 429],
    form: video.videoGenerateFieldsSchema,
    headers: video.videoGenerateHeadersSchema,
    response: video.videoGenerateResponseSchema,
  },
  "GET /api/video/model-capabilities": {
    summary: "Actions and formats of every video model family",
    auth: "user",
    response: video.videoCapabilitiesResponseSchema,
  },
  "GET /api/video/jobs/{requestId}": {
    summary: "Where the caller's generation sent with this Idempotency-Key stands",
    auth: "user",
    refuses: [404],
    params: video.videoJobParamsSchema,
    response: video.videoJobStatusResponseSchema,
  },
  "POST /api/video/send-to-chat": {
    summary: "Have the bot post the caller's finished clip to their chat with it",
    auth: "user",
    refuses: [404, 409, 429],
    body: video.videoSendToChatBodySchema,
    response: video.videoSendToChatResponseSchema,
  },
  "GET /api/{unknown}": noCall,
  "HEAD /api/{unknown}": noCall,
  "POST /api/{unknown}": noCall,
  "PUT /api/{unknown}": noCall,
  "PATCH /api/{unknown}": noCall,
  "DELETE /api/{unknown}": noCall,
  "OPTIONS /api/{unknown}": noCall,
} satisfies Record<string, CallContract>;

export type ApiCalls = typeof apiCalls;
export type CallKey = keyof ApiCalls;
