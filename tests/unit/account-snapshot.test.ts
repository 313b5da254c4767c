import { describe, expect, it } from "vitest";
import { readAccountSnapshot, saveAccountSnapshot } from "@/lib/client/account-snapshot";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";

// The account state kept for the first paint (lib/client/account-snapshot.ts): per Telegram user,
// merged from the calls that answered, and never another user's or a malformed one.

const memoryStorage = (initial: Record<string, string> = {}) => {
  const store = new Map(Object.entries(initial));
  return {
    store,
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  };
};

describe("account snapshot", () => {
  it("is empty before anything was seen, or without a launch user", () => {
    const storage = memoryStorage();
    expect(readAccountSnapshot(7, storage)).toEqual({});
    saveAccountSnapshot(undefined, { tariff: "Pro" }, storage);
    expect(storage.store.size).toBe(0);
    expect(readAccountSnapshot(undefined, storage)).toEqual({});
  });

  it("merges what each call said for the same user", () => {
    const storage = memoryStorage();
    saveAccountSnapshot(7, { tariff: "Pro" }, storage);
    saveAccountSnapshot(7, { textTokens: 1200 }, storage);
    expect(readAccountSnapshot(7, storage)).toEqual({ tariff: "Pro", textTokens: 1200 });
    saveAccountSnapshot(7, { tariff: null }, storage);
    expect(readAccountSnapshot(7, storage)).toEqual({ tariff: null, textTokens: 1200 });
  });

  it("never shows another user's state, and a new user's replaces it", () => {
    const storage = memoryStorage();
    saveAccountSnapshot(7, { tariff: "Pro", textTokens: 5 }, storage);
    expect(readAccountSnapshot(8, storage)).toEqual({});
    saveAccountSnapshot(8, { textTokens: 10 }, storage);
    expect(readAccountSnapshot(8, storage)).toEqual({ textTokens: 10 });
    expect(readAccountSnapshot(7, storage)).toEqual({});
  });

  it.each([
    ["not JSON", "{"],
    ["null", "null"],
    ["no user", JSON.stringify({ tariff: "Pro" })],
    ["a user id as a string", JSON.stringify({ userId: "7", tariff: "Pro" })],
  ])("ignores a stored value that is %s", (_label, raw) => {
    const storage = memoryStorage({ [STORAGE_KEYS.accountSnapshot]: raw });
    expect(readAccountSnapshot(7, storage)).toEqual({});
  });

  it("keeps only the fields of the right types", () => {
    const raw = JSON.stringify({ userId: 7, tariff: 3, textTokens: "many", extra: true });
    expect(readAccountSnapshot(7, memoryStorage({ [STORAGE_KEYS.accountSnapshot]: raw }))).toEqual({});
    const good = JSON.stringify({ userId: 7, tariff: "Pro", textTokens: 0 });
    expect(readAccountSnapshot(7, memoryStorage({ [STORAGE_KEYS.accountSnapshot]: good }))).toEqual({
      tariff: "Pro",
      textTokens: 0,
    });
  });

  it("survives a storage that refuses writes", () => {
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    };
    expect(() => saveAccountSnapshot(7, { tariff: "Pro" }, storage)).not.toThrow();
  });
});
