import { ApiRequestError } from "./api-client";

// Which failures are worth asking again: no spinner held up by retries that cannot help
// (docs/decisions/0011-retry-only-unanswered-calls.md).
// An HTTP answer is final except "try again" (503, as the server answers an unknown payment outcome)
// and a gateway timeout (504); this server's 502 is a provider's refusal, final too. A request that
// got no answer at all (connection lost) may well get one a moment later.
const PASSING_STATUSES = new Set([503, 504]);

export function mayPassOnRetry(error: unknown): boolean {
  if (error instanceof ApiRequestError) return PASSING_STATUSES.has(error.status);
  // A timeout or cancellation already took its time; only a network failure (TypeError) is retried.
  return error instanceof TypeError;
}

/** Why a call failed, as screens tell it. */
export type FailureKind = "network" | "unavailable" | "rateLimited" | "refused" | "other";

export function failureKind(error: unknown): FailureKind {
  if (!(error instanceof ApiRequestError)) return error instanceof TypeError ? "network" : "other";
  if (error.status === 429) return "rateLimited";
  if (PASSING_STATUSES.has(error.status)) return "unavailable";
  if (error.status >= 400 && error.status < 500) return "refused";
  return "other";
}
