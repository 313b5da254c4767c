"use client";
import { STORAGE_KEYS } from "./storage-keys";
import { currentLaunch, getRawInitData } from "./launch-params";
import type { TelegramLoginResponse } from "@/lib/contracts/auth";

// The token belongs to the launch user it was issued to: one browser storage can open the app as
// several accounts in turn (a messenger client with several accounts, a shared device), and a token
// kept for another account must never be sent (docs/decisions/0101-session-per-launch-user.md).
type StoredSession = { userId: number; token: string };

const launchUserId = (): number | undefined => currentLaunch()?.user?.id;

function readSession(): StoredSession | undefined {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.session) ?? "null") as Partial<StoredSession> | null;
    return typeof stored?.userId === "number" && typeof stored.token === "string"
      ? (stored as StoredSession)
      : undefined;
  } catch {
    return undefined;
  }
}

export const clearToken = () => localStorage.removeItem(STORAGE_KEYS.session);

/** The stored token when it was issued to this page's launch user; another user's is dropped. */
export function getToken(): string | null {
  const session = readSession();
  if (session && session.userId === launchUserId()) return session.token;
  if (session) clearToken();
  return null;
}

function setToken(token: string): void {
  const userId = launchUserId();
  if (userId !== undefined)
    localStorage.setItem(STORAGE_KEYS.session, JSON.stringify({ userId, token } satisfies StoredSession));
}

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
