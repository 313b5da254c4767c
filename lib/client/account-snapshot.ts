"use client";
import { currentLaunch } from "./launch-params";
import { STORAGE_KEYS } from "./storage-keys";
import { storedSnapshotOf, type AccountSnapshot } from "./stored-snapshot";

// The account's state last seen on this device, kept for the first paint: the header's tariff and
// Home's text balance render from it before sign-in and the account's calls answer, so reopening the
// app shows what it showed last time and the answer then changes only what changed
// (docs/decisions/0506-home-from-launch-data.md). Kept per Telegram user id: one browser storage may
// open the app as several accounts in turn, and another account's tariff must never be shown.

export type { AccountSnapshot };
type Stored = AccountSnapshot & { userId: number };
type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** The last state seen for this user on this device ({} when none, or when it was another user's). */
export function readAccountSnapshot(
  userId: number | undefined,
  storage: KeyValueStorage = localStorage,
): AccountSnapshot {
  return storedSnapshotOf(storage.getItem(STORAGE_KEYS.accountSnapshot), userId);
}

/** Records what an answer said for this user; another user's snapshot is replaced. */
export function saveAccountSnapshot(
  userId: number | undefined,
  seen: AccountSnapshot,
  storage: KeyValueStorage = localStorage,
): void {
  if (userId === undefined) return;
  const next: Stored = { ...readAccountSnapshot(userId, storage), ...seen, userId };
  try {
    storage.setItem(STORAGE_KEYS.accountSnapshot, JSON.stringify(next));
  } catch {
    // storage full or refused: the next load paints without it
  }
}

/** The snapshot of the user the app was launched as. */
export const launchUserSnapshot = (): AccountSnapshot => readAccountSnapshot(currentLaunch()?.user?.id);

/** Records what an answer said for the user the app was launched as. */
export const saveLaunchUserSnapshot = (seen: AccountSnapshot): void =>
  saveAccountSnapshot(currentLaunch()?.user?.id, seen);
