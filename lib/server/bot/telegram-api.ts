import "server-only";
import { Api, GrammyError, HttpError, type ApiClientOptions, type RawApi } from "grammy";
import type { Db } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { getSecrets } from "@/lib/server/auth/secrets";
import { providerCall } from "@/lib/server/log";
import { recordDemoCall } from "@/lib/server/demo/bot-transport";
import { telegramPacer } from "./telegram-pace";

// The one Bot API client: grammY's Api. The bot (bot.ts), the outbox, the webhook's immediate
// answers and the Stars calls all build it here, so they share the API root, the request timeout
// and, in demo mode, the transport that records calls instead of sending them.

/** Options for every grammY client of this deployment (Bot and Api alike). */
export const botClientOptions = (apiRoot = env.BOT_API_BASE_URL): ApiClientOptions => ({
  apiRoot,
  // grammY waits 500 s by default; a Bot API call that takes longer than this is treated as lost.
  timeoutSeconds: 30,
});

/** Demo mode without a real token: calls are answered and recorded for the demo chat, never sent. */
export const recordsDemoCalls = () => isDemoMode() && !env.BOT_TOKEN;

/**
 * What every client of the deployment's bot gets: each call logged with its duration and outcome,
 * paced under Telegram's limits by the process's one pacer (telegram-pace.ts; `bulk` for senders of
 * notices to many users), and, with `db` and no real bot (recordsDemoCalls), the demo transport that
 * answers and records calls instead (installed last, so it runs first and nothing reaches the
 * network, the pacer or the log).
 */
export function prepareBotApi<R extends RawApi>(
  api: Api<R>,
  { db, bulk = false }: { db?: Db; bulk?: boolean } = {},
): void {
  api.config.use((prev, method, payload, signal) =>
    providerCall("telegram", method, () => prev(method, payload, signal)),
  );
  api.config.use(telegramPacer.transformer({ bulk }));
  if (db && recordsDemoCalls()) api.config.use((_prev, method, payload) => recordDemoCall({ db, method, payload }));
}

/**
 * A client for the deployment's bot. With `db` it records in demo mode like the bot does; without
 * it (Stars invoice calls) it always talks to BOT_API_BASE_URL. `bulk`: it sends notices to many
 * users (the outbox). `token`/`apiRoot` are for tests and operator tools.
 */
export function telegramApi({
  db,
  bulk,
  token = getSecrets().botToken,
  apiRoot,
}: { db?: Db; bulk?: boolean; token?: string; apiRoot?: string } = {}): Api {
  const api = new Api(token, botClientOptions(apiRoot));
  prepareBotApi(api, { db, bulk });
  return api;
}

/** What a failed call means for a retrying sender (the outbox): Telegram's answer or a lost request. */
export type CallFailure = {
  /** Telegram's error_code, or 0 when no answer came (network, timeout, unreadable body). */
  status: number;
  retryAfterSeconds?: number;
  message: string;
  /** Lost requests, rate limits and server errors are worth another try; other 4xx answers are not. */
  retryable: boolean;
  /**
   * Whether Telegram may have carried the call out all the same: a 5xx answer (its front answers 502
   * while the Bot API behind it goes on), an answer that was not JSON, a timeout or a connection lost
   * after the request left. Only a 4xx answer or a connection never made means nothing was sent.
   */
  maybeDelivered: boolean;
};

// Errors of a connection that was never made (Node's codes, as node-fetch's FetchError carries them):
// the request did not leave this machine.
const NOT_CONNECTED = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const neverConnected = (cause: unknown) =>
  typeof cause === "object" && cause !== null && NOT_CONNECTED.has(String((cause as { code?: unknown }).code));

export function callFailure(error: unknown): CallFailure {
  if (error instanceof GrammyError) {
    const status = error.error_code;
    return {
      status,
      retryAfterSeconds: error.parameters.retry_after,
      message: error.description,
      retryable: status === 429 || status >= 500,
      maybeDelivered: status >= 500,
    };
  }
  const message = error instanceof HttpError ? `Bot API unreachable: ${error.message}` : String(error);
  return {
    status: 0,
    message,
    retryable: true,
    maybeDelivered: !(error instanceof HttpError && neverConnected(error.error)),
  };
}
