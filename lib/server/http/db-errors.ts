import "server-only";
import { ApiError } from "./api-error";

/** How long a client should wait before retrying while the database is unreachable. */
const RETRY_AFTER_SECONDS = 2;

// Node socket errors and the `postgres` driver's own codes for a connection that is gone.
const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
]);

function codeOf(error: unknown): string | undefined {
  let current: unknown = error;
  // drizzle wraps driver errors ("Failed query: ...") with the original as `cause`.
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * Maps a database failure to what the caller should see: input the database refused (SQLSTATE
 * class 22 data exceptions, 23 constraint violations) is a 400; a lost or refused connection
 * (class 08, 57P0x shutdowns, socket errors) is a 503 with Retry-After. Anything else: undefined.
 */
export function databaseErrorToApiError(error: unknown): ApiError | undefined {
  const code = codeOf(error);
  if (!code) return undefined;
  if (CONNECTION_CODES.has(code) || code.startsWith("08") || /^57P0[1-3]$/.test(code)) {
    const unavailable = new ApiError("service_unavailable", "The database is unavailable, try again shortly");
    unavailable.retryAfterSeconds = RETRY_AFTER_SECONDS;
    return unavailable;
  }
  if (/^2[23][0-9A-Z]{3}$/.test(code)) return new ApiError("bad_request", "The input was refused by the database");
  return undefined;
}
