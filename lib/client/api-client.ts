"use client";
import { clearToken, getToken, loginSettled, refreshToken } from "./session";

export const API_BASE = "/api";
export const REQUEST_TIMEOUT_MS = 600_000;

/** A failed call, rebuilt from the server's `{ error: { code, message, fields } }` body. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

type RequestOptions = {
  method?: "GET" | "POST" | "DELETE" | "PUT" | "PATCH";
  body?: unknown;
  formData?: FormData;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.formData) body = options.formData;
  else if (options.body !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  return fetch(`${API_BASE}${path}`, {
    method: options.method ?? "GET",
    headers,
    body,
    signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout,
  });
}

async function toError(res: Response): Promise<ApiRequestError> {
  const payload = (await res.json().catch(() => null)) as {
    error?: { code?: string; message?: string; fields?: Record<string, string[]> };
  } | null;
  return new ApiRequestError(
    res.status,
    payload?.error?.code ?? "unknown",
    payload?.error?.message ?? res.statusText ?? "Unknown error",
    payload?.error?.fields,
  );
}

function sendToRoot() {
  clearToken();
  window.location.hash = "#/";
}

/** Calls the API; on a 401 logs in again once (single-flight) and retries the call once. */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  await loginSettled();
  let res = await send(path, options);
  if (res.status === 401) {
    try {
      await refreshToken();
    } catch {
      sendToRoot();
      throw await toError(res);
    }
    res = await send(path, options);
  }
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}
