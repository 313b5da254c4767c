import { z, type ZodType } from "zod";
import * as admin from "./admin";
import * as adminUsers from "./admin-users";
import * as adminCatalogue from "./admin-catalogue";
import * as adminBroadcasts from "./admin-broadcasts";
import * as adminPayments from "./admin-payments";
import * as adminChannels from "./admin-channels";
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
import * as referral from "./referral";
import * as settings from "./settings";
import * as tariff from "./tariff";
import * as telegram from "./telegram";
import * as user from "./user";
import * as video from "./video";

/**
 * One call's contract: what it takes and what it answers. `body` is a JSON body, `form` the text
 * fields of a multipart body (files beside them); `response` is the JSON of a 2xx answer, and
 * `binary` marks a call that answers bytes instead (its response schema is then z.never()).
 */
export type CallContract = {
  body?: ZodType;
  form?: ZodType;
  query?: ZodType;
  params?: ZodType;
  response: ZodType;
  binary?: true;
};

/** Any /api path no route serves: the JSON error envelope with 404, whatever the method. */
const noCall = { response: z.never() };

/**
 * Every call under app/api, keyed "METHOD /api/path" as the route file serves it ({name} for a
 * dynamic segment). One line per call: the API tests parse every 2xx answer with `response`
 * (tests/helpers/api.ts), the client's `api()` takes the key and returns its type, and
 * GET /api/openapi.json is generated from this table (docs/decisions/0120-response-contracts.md).
 */
export const apiCalls = {
  "GET /api/admin/audit": { query: admin.adminAuditQuerySchema, response: admin.adminAuditResponseSchema },
  "GET /api/admin/channels": { response: adminChannels.channelListResponseSchema },
  "POST /api/admin/channels": { body: adminChannels.channelCreateBodySchema, response: adminChannels.channelSchema },
  "PATCH /api/admin/channels/{id}": {
    params: adminChannels.channelParamsSchema,
    body: adminChannels.channelPatchBodySchema,
    response: adminChannels.channelSchema,
  },
  "DELETE /api/admin/channels/{id}": {
    params: adminChannels.channelParamsSchema,
    response: adminChannels.channelDeleteResponseSchema,
  },
  "GET /api/admin/models/fallbacks": { response: adminChannels.modelFallbackListResponseSchema },
  "PUT /api/admin/models/{id}/fallback": {
    params: adminChannels.modelFallbackParamsSchema,
    body: adminChannels.modelFallbackBodySchema,
    response: adminChannels.modelFallbackResponseSchema,
  },
  "POST /api/admin/auth": { body: admin.adminAuthBodySchema, response: admin.adminTokenResponseSchema },
  "POST /api/admin/auth/demo": { response: admin.adminTokenResponseSchema },
  "POST /api/admin/auth/redeem": { body: admin.adminRedeemBodySchema, response: admin.adminTokenResponseSchema },
  "GET /api/admin/users": { query: adminUsers.adminUsersQuerySchema, response: adminUsers.adminUsersResponseSchema },
  "GET /api/admin/users/{id}": {
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminUserResponseSchema,
  },
  "POST /api/admin/users/{id}/block": {
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminBlockResponseSchema,
  },
  "POST /api/admin/users/{id}/grant": {
    params: adminUsers.adminUserParamsSchema,
    body: adminUsers.adminGrantBodySchema,
    response: adminUsers.adminGrantResponseSchema,
  },
  "POST /api/admin/users/{id}/unblock": {
    params: adminUsers.adminUserParamsSchema,
    response: adminUsers.adminBlockResponseSchema,
  },
  "GET /api/admin/models": { response: adminCatalogue.adminModelsResponseSchema },
  "PATCH /api/admin/models/{id}": {
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminModelPatchSchema,
    response: adminCatalogue.adminModelsResponseSchema.element,
  },
  "GET /api/admin/tariffs": { response: adminCatalogue.adminTariffsResponseSchema },
  "PATCH /api/admin/tariffs/{name}": {
    params: adminCatalogue.adminTariffParamsSchema,
    body: adminCatalogue.adminTariffPatchSchema,
    response: adminCatalogue.adminTariffsResponseSchema.element,
  },
  "GET /api/admin/packages": { response: adminCatalogue.adminPackagesResponseSchema },
  "POST /api/admin/packages": {
    body: adminCatalogue.adminPackageCreateSchema,
    response: adminCatalogue.adminPackageResponseSchema,
  },
  "PATCH /api/admin/packages/{id}": {
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminPackagePatchSchema,
    response: adminCatalogue.adminPackageResponseSchema,
  },
  "GET /api/admin/assistants": { response: adminCatalogue.adminAssistantsResponseSchema },
  "POST /api/admin/assistants": {
    body: adminCatalogue.adminAssistantCreateSchema,
    response: adminCatalogue.adminAssistantResponseSchema,
  },
  "PATCH /api/admin/assistants/{id}": {
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminAssistantPatchSchema,
    response: adminCatalogue.adminAssistantResponseSchema,
  },
  "GET /api/admin/assistant-categories": { response: adminCatalogue.adminCategoriesResponseSchema },
  "POST /api/admin/assistant-categories": {
    body: adminCatalogue.adminCategoryCreateSchema,
    response: adminCatalogue.adminCategoryResponseSchema,
  },
  "PATCH /api/admin/assistant-categories/{id}": {
    params: adminCatalogue.adminIdParamsSchema,
    body: adminCatalogue.adminCategoryPatchSchema,
    response: adminCatalogue.adminCategoryResponseSchema,
  },
  "GET /api/admin/stats": {
    query: adminCatalogue.adminStatsQuerySchema,
    response: adminCatalogue.adminStatsResponseSchema,
  },
  "GET /api/admin/broadcasts": { response: adminBroadcasts.adminBroadcastsResponseSchema },
  "POST /api/admin/broadcasts": {
    body: adminBroadcasts.adminBroadcastBodySchema,
    response: adminBroadcasts.adminBroadcastSchema,
  },
  "GET /api/admin/broadcasts/{id}": { response: adminBroadcasts.adminBroadcastSchema },
  "POST /api/admin/broadcasts/{id}/cancel": { response: adminBroadcasts.adminBroadcastSchema },
  "GET /api/admin/payments": {
    query: adminPayments.adminPaymentsQuerySchema,
    response: adminPayments.adminPaymentsResponseSchema,
  },
  "POST /api/admin/payments/{id}/refund": {
    body: adminPayments.adminRefundBodySchema,
    response: adminPayments.adminRefundResponseSchema,
  },
  "GET /api/assistants/categories": { response: assistants.assistantCategoriesResponseSchema },
  "GET /api/assistants/create_image_assistant_session": {
    query: assistants.imageAssistantSessionQuerySchema,
    response: assistants.imageAssistantSessionResponseSchema,
  },
  "GET /api/assistants/generating_image": { response: assistants.imageAssistantsResponseSchema },
  "GET /api/assistants/id": {
    query: assistants.assistantSessionQuerySchema,
    response: assistants.assistantSessionResponseSchema,
  },
  "GET /api/assistants/list_by_category": {
    query: assistants.listByCategoryQuerySchema,
    response: assistants.listByCategoryResponseSchema,
  },
  "GET /api/assistants/models": { response: assistants.assistantModelsResponseSchema },
  "POST /api/auth/telegram-login": { body: auth.telegramLoginBodySchema, response: auth.telegramLoginResponseSchema },
  "GET /api/demo/chat/messages": {
    query: demoChat.demoChatMessagesQuerySchema,
    response: demoChat.demoChatMessagesResponseSchema,
  },
  "POST /api/demo/chat/updates": {
    body: demoChat.demoChatJsonBodySchema,
    form: demoChat.demoChatFileFieldsSchema,
    response: demoChat.demoChatUpdateResponseSchema,
  },
  "POST /api/demo/history": { body: demo.demoHistoryBodySchema, response: demo.demoHistoryResponseSchema },
  "GET /api/demo/init-data": { query: demo.demoInitDataQuerySchema, response: demo.demoInitDataResponseSchema },
  "GET /api/files/{key}": { response: files.storedFileResponseSchema, binary: true },
  "GET /api/health": { query: health.healthQuerySchema, response: health.healthResponseSchema },
  "GET /api/metrics": { response: metrics.metricsResponseSchema, binary: true },
  "POST /api/history/": { body: history.historyPageBodySchema, response: history.historyPageResponseSchema },
  "GET /api/history/id": { query: history.historyThreadQuerySchema, response: history.historyThreadResponseSchema },
  "POST /api/history/id": { body: history.historyContinueBodySchema, response: history.historyContinueResponseSchema },
  "GET /api/history/models": { query: history.historyModelsQuerySchema, response: history.historyModelsResponseSchema },
  "POST /api/jobs/{name}": { response: jobs.runJobResponseSchema },
  "GET /api/models/all": { response: models.modelsResponseSchema },
  "GET /api/models/image/session": {
    query: models.imageSessionQuerySchema,
    response: models.imageSessionResponseSchema,
  },
  "POST /api/models/session": { body: models.modelSessionBodySchema, response: models.modelSessionResponseSchema },
  "GET /api/models/text/session": { query: models.textSessionQuerySchema, response: models.textSessionResponseSchema },
  "GET /api/openapi.json": { response: openapi.openApiDocumentResponseSchema },
  "GET /api/package/": { response: packages.packagesResponseSchema },
  "POST /api/package/payment": {
    body: packages.createPackagePaymentBodySchema,
    response: packages.createPackagePaymentResponseSchema,
  },
  "POST /api/payments/sandbox/{paymentId}/{action}": { response: payments.sandboxPaymentResponseSchema },
  "POST /api/payments/webhook/yookassa": {
    body: payments.yookassaNotificationSchema,
    response: payments.yookassaWebhookResponseSchema,
  },
  "POST /api/referral/activate-code": {
    body: referral.activateCodeBodySchema,
    response: referral.activateCodeResponseSchema,
  },
  "GET /api/referral/balance": { response: referral.referralBalanceResponseSchema },
  "GET /api/referral/can-apply": { response: referral.canApplyResponseSchema },
  "GET /api/referral/check-code/{code}": {
    params: referral.checkCodeParamsSchema,
    response: referral.checkCodeResponseSchema,
  },
  "GET /api/referral/my-code": { response: referral.myCodeResponseSchema },
  "POST /api/settings/language": { body: settings.setLanguageBodySchema, response: settings.setLanguageResponseSchema },
  "POST /api/settings/payments": { response: settings.paymentListResponseSchema },
  "POST /api/settings/recurrent": {
    body: settings.setRecurrentBodySchema,
    response: settings.setRecurrentResponseSchema,
  },
  "GET /api/settings/recurrent-status": { response: settings.recurrentStatusResponseSchema },
  "POST /api/tariff/cancel-pending-payment": { response: tariff.cancelPendingPaymentResponseSchema },
  "GET /api/tariff/check-pending-payment": { response: tariff.checkPendingPaymentResponseSchema },
  "POST /api/tariff/create": {
    body: tariff.createTariffPaymentBodySchema,
    response: tariff.createTariffPaymentResponseSchema,
  },
  "POST /api/tariff/create_custom": {
    body: tariff.createCustomTariffPaymentBodySchema,
    response: tariff.createCustomTariffPaymentResponseSchema,
  },
  "GET /api/tariff/create_data": { response: tariff.createDataResponseSchema },
  "GET /api/tariff/standard": { response: tariff.standardTariffsResponseSchema },
  "POST /api/telegram/webhook": {
    body: telegram.telegramUpdateBodySchema,
    response: telegram.telegramWebhookResponseSchema,
  },
  "GET /api/user/assistants": { response: assistants.favoritesResponseSchema },
  "POST /api/user/assistants": { body: assistants.favoriteBodySchema, response: assistants.favoriteResponseSchema },
  "DELETE /api/user/assistants": { body: assistants.favoriteBodySchema, response: assistants.favoriteResponseSchema },
  "GET /api/user/console-link": { response: admin.consoleLinkAvailableResponseSchema },
  "POST /api/user/console-link": { response: admin.consoleLinkResponseSchema },
  "GET /api/user/count": { response: user.userCountResponseSchema },
  "GET /api/user/notifications": { response: notifications.notificationsResponseSchema },
  "GET /api/user/statistic": { response: user.userStatisticResponseSchema },
  "GET /api/user/usage": { query: user.userUsageQuerySchema, response: user.userUsageResponseSchema },
  "GET /api/user/user-tariff": { response: user.userTariffResponseSchema },
  "GET /api/video/check-model-cost/{modelName}": {
    params: video.videoCostParamsSchema,
    response: video.videoCostResponseSchema,
  },
  "POST /api/video/generate": { form: video.videoGenerateFieldsSchema, response: video.videoGenerateResponseSchema },
  "GET /api/video/model-capabilities": { response: video.videoCapabilitiesResponseSchema },
  "GET /api/video/jobs/{requestId}": {
    params: video.videoJobParamsSchema,
    response: video.videoJobStatusResponseSchema,
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
