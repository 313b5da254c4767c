import "server-only";
import { env } from "@/lib/env";
import { getSecrets } from "@/lib/server/auth/secrets";

// A minimal Telegram Bot API client (https://core.telegram.org/bots/api#making-requests):
// POST {base}/bot<token>/<method> with a JSON body, answered by {ok, result} or
// {ok: false, error_code, description, parameters: {retry_after}}.

export type SentMessage = { message_id: number; chat: { id: number }; date: number; text?: string };

export class BotApiError extends Error {
  constructor(
    message: string,
    /** HTTP status, or 0 when the request never got an answer. */
    readonly status: number,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = "BotApiError";
  }

  /** Network failures, rate limits and server errors are worth another try; 4xx answers are not. */
  get retryable(): boolean {
    return this.status === 0 || this.status === 429 || this.status >= 500;
  }
}

export type BotApiClient = {
  /** Any Bot API method; the named ones below are typed shorthands. */
  call: <T>(method: string, params: unknown) => Promise<T>;
  sendMessage: (params: { chat_id: number; text: string }) => Promise<SentMessage>;
};

export function createBotApiClient({
  baseUrl,
  token,
  timeoutMs = 15_000,
}: {
  baseUrl: string;
  token: string;
  timeoutMs?: number;
}): BotApiClient {
  const call = async <T>(method: string, params: unknown): Promise<T> => {
    let res: Response;
    try {
      res = await fetch(`${baseUrl.replace(/\/+$/, "")}/bot${token}/${method}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(params),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new BotApiError(`Bot API unreachable: ${(error as Error).message}`, 0);
    }
    const payload = (await res.json().catch(() => null)) as {
      ok?: boolean;
      result?: T;
      error_code?: number;
      description?: string;
      parameters?: { retry_after?: number };
    } | null;
    if (res.ok && payload?.ok) return payload.result as T;
    throw new BotApiError(
      payload?.description ?? `Bot API answered ${res.status}`,
      payload?.error_code ?? res.status,
      payload?.parameters?.retry_after,
    );
  };
  return { call, sendMessage: (params) => call<SentMessage>("sendMessage", params) };
}

/** The deployment's bot: BOT_API_BASE_URL with the configured (or, in demo mode, generated) token. */
export const configuredBotApiClient = (): BotApiClient =>
  createBotApiClient({ baseUrl: env.BOT_API_BASE_URL, token: getSecrets().botToken });
