"use client";
import { STORAGE_KEYS } from "./storage-keys";
import { getRawInitData } from "./telegram";
import type { TelegramLoginResponse } from "@/lib/contracts/auth";

export const getToken = () => localStorage.getItem(STORAGE_KEYS.token);
export const setToken = (token: string) => localStorage.setItem(STORAGE_KEYS.token, token);
export const clearToken = () => localStorage.removeItem(STORAGE_KEYS.token);

/** Logs in with the messenger's launch data and stores the token. */
export async function login(): Promise<TelegramLoginResponse> {
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

let refreshing: Promise<void> | null = null;

/** Single-flight re-login: concurrent 401s wait for the same refresh. */
export function refreshToken(): Promise<void> {
  refreshing ??= login()
    .then(() => undefined)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}
