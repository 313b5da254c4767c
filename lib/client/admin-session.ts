"use client";
import { useSyncExternalStore } from "react";
import { createApi } from "@/lib/client/fetch-core";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";

// The console's session: the operator token kept in localStorage, watched by the console so that a
// sign-out, an expired token (401) or a lost operator right (403 on the next call) shows the sign-in.

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export function getAdminToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.adminToken);
}

export function setAdminToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.adminToken, token);
  else localStorage.removeItem(STORAGE_KEYS.adminToken);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The stored operator token (re-rendering when it changes). */
export const useAdminToken = () => useSyncExternalStore(subscribe, getAdminToken, () => null);

/**
 * `adminApi("GET /api/admin/audit", { query })`: the typed client of lib/client/fetch-core.ts with the
 * operator token. An operator token cannot be refreshed silently (a new sign-in is needed), so a 401
 * ends the session.
 */
export const adminApi = createApi({
  current: async () => getAdminToken(),
  refresh: async () => {
    throw new Error("The operator session is over");
  },
  onRefreshFailed: () => setAdminToken(null),
});
