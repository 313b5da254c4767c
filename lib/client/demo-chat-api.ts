"use client";
import type { TelegramLoginResponse } from "@/lib/contracts/auth";
import { ApiRequestError, createApi } from "./fetch-core";
import { demoParams } from "./demo-query";

// The demo chat page lives outside the mini-app shell: no mocked messenger, no shared token. It signs
// in as the page query's demo user (?demo_user=&demo_lang=, as the app does) and keeps its bearer
// token in memory, so two tabs playing two demo users never swap accounts.

let token: Promise<string> | null = null;

async function signIn(): Promise<string> {
  const demo = demoParams();
  const query = new URLSearchParams();
  if (demo.get("demo_user")) query.set("user", demo.get("demo_user")!);
  if (demo.get("demo_lang")) query.set("lang", demo.get("demo_lang")!);
  const launch = await fetch(`/api/demo/init-data?${query}`);
  if (!launch.ok) throw new ApiRequestError(launch.status, "launch_data", `Launch data unavailable (${launch.status})`);
  const { initData } = (await launch.json()) as { initData: string };
  const res = await fetch("/api/auth/telegram-login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  if (!res.ok) throw new ApiRequestError(res.status, "sign_in", `Sign-in failed (${res.status})`);
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

/** The demo chat's calls, as the demo user; an expired token (401) signs in again once. */
export const demoChatApi = createApi({
  current: currentToken,
  refresh: async () => {
    token = null;
    await currentToken();
  },
});
