import "server-only";
import pino, { type Logger } from "pino";
import { env } from "@/lib/env";
import { currentRequest, inRequestScope } from "@/lib/server/request-scope";

// Anything that may carry a credential is censored wherever it appears in a log object, so a
// careless `log().info({ headers })` or a provider error with its request attached cannot leak it.
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "token",
  "accessToken",
  "botToken",
  "initData",
  "init_data",
  "tgWebAppData",
  "secret",
  "password",
  "apiKey",
  "api_key",
];
const SECRET = new Set(SECRET_KEYS);
// A header name only ever sits inside a headers object, so it is looked for below the top level.
const SECRET_HEADER = new Set(["x-telegram-bot-api-secret-token"]);
const CENSOR = "[redacted]";
// Keys are looked for this deep (0: the logged object's own keys): a logged request or error and its headers.
const REDACT_DEPTH = 2;

/**
 * The value with every secret key at depth 0 to REDACT_DEPTH censored, copied where something was
 * (the caller's objects are never changed); an object without secrets comes back as it is. Replaces
 * pino's `redact` paths (`key`, `*.key`, `*.*.key`), whose wildcards cost about 50-100 µs a line.
 */
function censored(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object" || depth > REDACT_DEPTH) return value;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const inner = (value as Record<string, unknown>)[key];
    const secret = inner !== undefined && (SECRET.has(key) || (depth > 0 && SECRET_HEADER.has(key)));
    const next = secret ? CENSOR : censored(inner, depth + 1);
    if (next === inner) continue;
    // Arrays stay arrays; other objects keep their prototype and hidden fields (an Error's message and stack).
    copy ??= Array.isArray(value)
      ? [...value]
      : Object.create(Object.getPrototypeOf(value), Object.getOwnPropertyDescriptors(value));
    copy![key] = next;
  }
  return copy ?? value;
}

/**
 * JSON lines on stdout, one object per event (pino's format: level number, time, msg, fields).
 * Written through process.stdout so the host's log collector and the tests both see every line.
 */
export const rootLogger: Logger = pino(
  {
    level: env.LOG_LEVEL,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { log: (object) => censored(object) as Record<string, unknown> },
  },
  { write: (line: string) => process.stdout.write(line) },
);

/**
 * The current request's logger (its lines carry the request id), or the process logger. The child
 * logger is made on the request's first call here: most requests log nothing but their request line,
 * which lib/server/http/request-log.ts writes with the id itself.
 */
export function log(): Logger {
  const request = currentRequest();
  if (!request) return rootLogger;
  return (request.logger ??=
    request.requestId === undefined ? rootLogger : rootLogger.child({ requestId: request.requestId }));
}

/** Runs `fn` with `logger` as what log() answers inside it, including in awaited calls. */
export function withLogger<T>(logger: Logger, fn: () => T): T {
  return inRequestScope({ ...currentRequest(), logger }, fn);
}

/**
 * Times one call to an outside service (model endpoint, payment provider, video API, Bot API) and
 * logs its duration and outcome; the call's result or error passes through unchanged.
 */
export async function providerCall<T>(provider: string, operation: string, call: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    const result = await call();
    reportCall(provider, operation, started);
    return result;
  } catch (error) {
    reportCall(provider, operation, started, error);
    throw error;
  }
}

function reportCall(provider: string, operation: string, started: number, error?: unknown): void {
  const durationMs = Math.round(performance.now() - started);
  if (error === undefined) {
    log().info({ provider, operation, outcome: "ok", durationMs }, "provider call");
    return;
  }
  const err = error as { name?: string; message?: string; status?: number };
  // Bot API URLs carry the token in their path (/bot<token>/method); an error may quote one.
  const message = err?.message?.replace(/bot\d+:[\w-]+/g, "bot[redacted]");
  log().warn(
    { provider, operation, outcome: "error", durationMs, error: { name: err?.name, message, status: err?.status } },
    "provider call",
  );
}

/**
 * The same object whose methods are logged as provider calls: a promise is timed until it settles,
 * a stream (the chat's async iterable) until it ends, item by item as it arrives.
 */
export function instrumented<T extends object>(provider: string, target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver);
      if (typeof value !== "function" || typeof key !== "string") return value;
      return (...args: unknown[]) => {
        const result = value.apply(object, args);
        if (result instanceof Promise) return providerCall(provider, key, () => result);
        if (result && typeof result === "object" && Symbol.asyncIterator in result) {
          return timedStream(provider, key, result as AsyncIterable<unknown>);
        }
        return result;
      };
    },
  });
}

async function* timedStream<T>(provider: string, operation: string, stream: AsyncIterable<T>): AsyncGenerator<T> {
  const started = performance.now();
  try {
    for await (const item of stream) yield item;
  } catch (error) {
    reportCall(provider, operation, started, error);
    throw error;
  }
  reportCall(provider, operation, started);
}
