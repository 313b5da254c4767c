"use client";
import { STORAGE_KEYS } from "./storage-keys";
import { getRawInitData } from "./launch-params";
import type { TelegramLoginResponse } from "@/lib/contracts/auth";

export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);
export const setToken = (token: string) => localStorage.setItem(STORAGE_KEYS.token, token);
export const clearToken = () => localStorage.removeItem(STORAGE_KEYS.token);

async function postLogin(): Promise<TelegramLoginResponse> {
  const initData = getRawInitData();
  if (!initData) throw new Error("Launch data unavailable");
  const res = await fetch("/api/auth/telegram-login", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ initData }),
  });
  if (!res.ok) throw new Error(`Login failed (${res.status})`);
  const data = (await res.json()) as TelegramLoginResponse;
  setToken(data.jwtToken);
  return data;
}

let signingIn: Promise<TelegramLoginResponse> | null = null;

/** Logs in with the messenger's launch data and stores the token; single-flight, so concurrent 401s wait for the same login. */
export function login(): Promise<TelegramLoginResponse> {
  signingIn ??= postLogin().finally(() => {
    signingIn = null;
  });
  return signingIn;
}

/** Re-login after a 401. */
export const refreshToken = (): Promise<void> => login().then(() => undefined);

/**
 * Settles when no login is running. The shell renders while the first login runs, so an API call
 * waits for it rather than going out without a token (and logging in a second time on the 401).
 */
export const loginSettled = (): Promise<unknown> => signingIn?.catch(() => undefined) ?? Promise.resolve();
