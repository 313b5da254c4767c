"use client";
import type { TelegramLoginResponse } from "@/lib/contracts/auth";
import { demoParams } from "./demo-query";

// The demo chat page lives outside the mini-app shell: no mocked messenger, no shared token. It signs
// in as the page query's demo user (?demo_user=&demo_lang=, as the app does) and keeps its bearer
// token in memory, so two tabs playing two demo users never swap accounts.

let token: Promise<string> | null = null;

/** A failed call, with the server's message (the app's ApiRequestError would pull in the messenger SDK). */
export class DemoChatError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "DemoChatError";
  }
}

async function signIn(): Promise<string> {
  const demo = demoParams();
  const query = new URLSearchParams();
  if (demo.get("demo_user")) query.set("user", demo.get("demo_user")!);
  if (demo.get("demo_lang")) query.set("lang", demo.get("demo_lang")!);
  const launch = await fetch(`/api/demo/init-data?${query}`);
  if (!launch.ok) throw new DemoChatError(launch.status, `Launch data unavailable (${launch.status})`);
  const { initData } = (await launch.json()) as { initData: string };
  const res = await fetch("/api/auth/telegram-login", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ initData }) });
  if (!res.ok) throw new DemoChatError(res.status, `Sign-in failed (${res.status})`);
  return ((await res.json()) as TelegramLoginResponse).jwtToken;
}

/** Single-flight sign-in; a failed one is forgotten so the next call tries again. */
function currentToken(): Promise<string> {
  token ??= signIn().catch((error: unknown) => {
    token = null;
    throw error;
  });
  return token;
}

async function toError(res: Response): Promise<DemoChatError> {
  const body = (await res.json().catch(() => null)) as { error?: { message?: string } } | null;
  return new DemoChatError(res.status, body?.error?.message ?? (res.statusText || String(res.status)));
}

/** Calls the API as the demo user; an expired token (401) signs in again once. */
export async function demoChatFetch<T>(path: string, init: { method?: "GET" | "POST"; json?: unknown; form?: FormData } = {}): Promise<T> {
  const send = async () => {
    const headers: Record<string, string> = { authorization: `Bearer ${await currentToken()}` };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    return fetch(`/api${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.form ?? (init.json !== undefined ? JSON.stringify(init.json) : undefined),
    });
  };
  let res = await send();
  if (res.status === 401) {
    token = null;
    res = await send();
  }
  if (!res.ok) throw await toError(res);
  return (await res.json()) as T;
}
