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

/** A sign-in that may pass later: a limit (429), a server away or draining (5xx), no connection. */
class PassingFailure extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

// Waits between sign-in attempts (a 429's Retry-After when longer, up to 30 s): about a minute in all.
const SIGN_IN_BACKOFF_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

async function postLoginOnce(initData: string): Promise<TelegramLoginResponse> {
  let res: Response;
  try {
    res = await fetch("/api/auth/telegram-login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ initData }),
    });
  } catch (error) {
    throw new PassingFailure(`Login failed (${(error as Error).message})`);
  }
  if (res.status === 429 || res.status >= 500) {
    const retryAfter = Number(res.headers.get("retry-after"));
    throw new PassingFailure(`Login failed (${res.status})`, retryAfter > 0 ? retryAfter * 1000 : undefined);
  }
  if (!res.ok) throw new Error(`Login failed (${res.status})`);
  return (await res.json()) as TelegramLoginResponse;
}

/** Signs in, trying again with backoff while the failure may pass; launch data the server refuses (401) is final. */
async function postLogin(): Promise<TelegramLoginResponse> {
  const initData = getRawInitData();
  if (!initData) throw new Error("Launch data unavailable");
  for (let attempt = 0; ; attempt++) {
    try {
      const data = await postLoginOnce(initData);
      setToken(data.jwtToken);
      return data;
    } catch (error) {
      if (!(error instanceof PassingFailure) || attempt >= SIGN_IN_BACKOFF_MS.length) throw error;
      const wait = Math.min(30_000, Math.max(SIGN_IN_BACKOFF_MS[attempt], error.retryAfterMs ?? 0));
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

let signingIn: Promise<TelegramLoginResponse> | null = null;

/**
 * Logs in with the messenger's launch data and stores the token; single-flight, so concurrent 401s
 * wait for the same login, and API calls wait while it backs off (Home recovers by itself).
 */
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
