import type { z } from "zod";
import type { ApiCalls, CallKey } from "@/lib/contracts/calls";

// The one fetch core of the mini-app and the demo chat: the bearer token comes from an injected
// source, a 401 refreshes it once and retries, and a failed call throws the error rebuilt from the
// server's JSON envelope. It imports nothing of the messenger SDK, so the demo chat page can use it.

export const REQUEST_TIMEOUT_MS = 600_000;

/** A failed call, rebuilt from the server's `{ error: { code, message, fields } }` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
    /** The envelope's other figures (a 402's balance and cost, a refusal's `reason`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

export type TokenSource = {
  /** The token to send now (null: call without one). */
  current(): Promise<string | null>;
  /** Called once after a 401: gets a new token, or throws when it cannot. */
  refresh(): Promise<void>;
  /** The refresh failed: the caller's session is over (the app goes back to its start). */
  onRefreshFailed?(): void;
};

/** What a call sends besides its URL: a JSON body or a multipart form, extra headers, a signal. */
type CallInput<K extends CallKey> = {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  formData?: FormData;
  headers?: Record<string, string>;
  signal?: AbortSignal;
} & (ApiCalls[K] extends { body: z.ZodType } ? { body?: z.input<ApiCalls[K]["body"]> } : { body?: never });

/** Calls answering JSON (the stored-file call answers bytes and is not fetched this way). */
export type JsonCallKey = { [K in CallKey]: ApiCalls[K] extends { binary: object } ? never : K }[CallKey];
export type CallResponse<K extends CallKey> = z.output<ApiCalls[K]["response"]>;
export type CallBody<K extends CallKey> = NonNullable<CallInput<K>["body"]>;

/** "GET /api/referral/check-code/{code}" with its params and query as a method and a URL. */
function requestLine(call: CallKey, input: CallInput<CallKey>): { method: string; url: string } {
  const [method, pattern] = call.split(" ");
  const path = pattern.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(input.params?.[name] ?? ""));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(input.query ?? {}))
    if (value !== undefined) query.set(name, String(value));
  return { method, url: query.size ? `${path}?${query}` : path };
}

async function toError(res: Response): Promise<ApiRequestError> {
  const payload = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string[]>; [detail: string]: unknown };
  } | null;
  const { code, message, fields, ...details } = payload?.error ?? {};
  return new ApiRequestError(
    res.status,
    code ?? "unknown",
    message || res.statusText || "Unknown error",
    fields,
    details,
  );
}

/** A typed `api(call, input)` over one token source: the answer's type is the call's response contract. */
export function createApi(tokens: TokenSource) {
  async function send(method: string, url: string, input: CallInput<CallKey>, token: string | null): Promise<Response> {
    const headers: Record<string, string> = { ...input.headers };
    if (token) headers.Authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (input.formData) body = input.formData;
    else if (input.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(input.body);
    }
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    return fetch(url, {
      method,
      headers,
      body,
      signal: input.signal ? AbortSignal.any([input.signal, timeout]) : timeout,
    });
  }

  return async function api<K extends JsonCallKey>(
    call: K,
    input: CallInput<K> = {} as CallInput<K>,
  ): Promise<CallResponse<K>> {
    const { method, url } = requestLine(call, input as CallInput<CallKey>);
    const sentToken = await tokens.current();
    let res = await send(method, url, input as CallInput<CallKey>, sentToken);
    if (res.status === 401) {
      // Calls sent together with an old token come back 401 one by one; the first signs in again,
      // and one answered after that sign-in ended retries with its token rather than signing in anew.
      let token = await tokens.current();
      if (token === sentToken) {
        try {
          await tokens.refresh();
        } catch {
          tokens.onRefreshFailed?.();
          throw await toError(res);
        }
        token = await tokens.current();
      }
      res = await send(method, url, input as CallInput<CallKey>, token);
    }
    if (!res.ok) throw await toError(res);
    return (await res.json()) as CallResponse<K>;
  };
}
