import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";

/**
 * What the code running for one API request knows about it, in one AsyncLocalStorage: each storage
 * in use makes every promise of the process a little dearer (Node 20 copies each one's value onto
 * every new promise), so the request id and the base URL share this one rather than having one each.
 */
export type RequestScope = {
  /** Stamped on every log line written inside the request (lib/server/log). */
  requestId?: string;
  /** The request's logger, made by the first log() that needs it (lib/server/log). */
  logger?: Logger;
  /** The scheme and host the request came to: the base of its links without PUBLIC_URL (lib/server/http/public-url.ts). */
  base?: string;
};

const scope = new AsyncLocalStorage<RequestScope>();

/** The current request's scope, or undefined outside one (jobs, start-up). */
export function currentRequest(): RequestScope | undefined {
  return scope.getStore();
}

/** Runs `fn` with `request` as what currentRequest() answers inside it, including in awaited calls. */
export function inRequestScope<T>(request: RequestScope, fn: () => T): T {
  return scope.run(request, fn);
}
