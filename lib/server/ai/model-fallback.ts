import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";

// When every channel of a model is down its fallback model answers (routed-provider.ts). The turn
// that made the call must know, to say so and to charge the fallback's price, yet the calls sit deep
// in each action's code: the turn watches a scope, and the router notes the fallback in it.

/** `to` answered because every channel of `from` was down (catalogue model names). */
export type FallbackAnswer = { from: string; to: string };

/** Whose turn the model calls inside the scope serve: the request log's user, dialogue and action. */
export type TurnOfCall = { userId: number; sessionId: number | null; action: string };

const scope = new AsyncLocalStorage<{ fallback?: FallbackAnswer; turn?: TurnOfCall }>();

/**
 * Runs `fn` and answers what it returned with the fallback any model call inside it used; `turn`
 * names the turn for the request log (lib/server/requests/log.ts).
 */
export async function watchFallback<T>(
  fn: () => Promise<T>,
  turn?: TurnOfCall,
): Promise<{ result: T; fallback?: FallbackAnswer }> {
  const seen: { fallback?: FallbackAnswer; turn?: TurnOfCall } = { turn };
  const result = await scope.run(seen, fn);
  return { result, fallback: seen.fallback };
}

/** The router's side: a fallback model answered the current call. */
export function noteFallback(fallback: FallbackAnswer): void {
  const seen = scope.getStore();
  if (seen) seen.fallback = fallback;
}

/** The fallback a model call in the current scope used so far, if any (a turn saved inside the scope names it). */
export const fallbackSoFar = (): FallbackAnswer | undefined => scope.getStore()?.fallback;

/** The turn the current model call serves, if it is made inside one. */
export const turnOfCall = (): TurnOfCall | undefined => scope.getStore()?.turn;
