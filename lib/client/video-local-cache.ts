// The client's small local cache (docs/product/video.md: key prefix rq_cache_, version 1.0). An entry
// written by another version, or older than its lifetime, reads as missing.
export const LOCAL_CACHE_PREFIX = "rq_cache_";
export const LOCAL_CACHE_VERSION = "1.0";

type Entry<T> = { version: string; timestamp: number; data: T };
type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem" | "key" | "length">;

export function readLocalCache<T>({
  store,
  key,
  maxAgeMs,
  now = Date.now(),
}: {
  store: KeyValueStore;
  key: string;
  maxAgeMs: number;
  now?: number;
}): T | undefined {
  try {
    const entry = JSON.parse(store.getItem(LOCAL_CACHE_PREFIX + key) ?? "null") as Entry<T> | null;
    if (!entry || entry.version !== LOCAL_CACHE_VERSION || now - entry.timestamp > maxAgeMs || now < entry.timestamp)
      return undefined;
    return entry.data;
  } catch {
    return undefined;
  }
}

export function writeLocalCache<T>({
  store,
  key,
  data,
  now = Date.now(),
}: {
  store: KeyValueStore;
  key: string;
  data: T;
  now?: number;
}): void {
  const entry: Entry<T> = { version: LOCAL_CACHE_VERSION, timestamp: now, data };
  try {
    store.setItem(LOCAL_CACHE_PREFIX + key, JSON.stringify(entry));
  } catch {
    // A full or disabled storage only costs a repeated call.
  }
}

/** Removes every entry whose key starts with `prefix` (after the cache prefix). */
export function clearLocalCache({ store, prefix }: { store: KeyValueStore; prefix: string }): void {
  const doomed: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(LOCAL_CACHE_PREFIX + prefix)) doomed.push(key);
  }
  doomed.forEach((key) => store.removeItem(key));
}
