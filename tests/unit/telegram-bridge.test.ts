import { afterEach, describe, expect, it, vi } from "vitest";
import * as published from "@telegram-apps/bridge-as-published";
import { launchHash, signedInitData } from "../helpers/init-data";

// lib/client/telegram-bridge.ts: the SDK's bridge with its quick environment check remembered once it says yes
// (docs/decisions/0513-sdk-environment-check-remembered.md).

/** A page at `href` with empty storage and no navigation entry, as the bridge reads one. */
function pageAt(href: string) {
  const storage = new Map<string, string>();
  vi.stubGlobal("window", { location: { href } });
  vi.stubGlobal("sessionStorage", {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  return {
    moveTo: (to: string) => ((window as unknown as { location: { href: string } }).location.href = to),
    storage,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const LAUNCH = launchHash(signedInitData({}, { token: "1000000001:bridge-test" }));

describe("the bridge's quick isTMA", () => {
  it("says no outside a mini-app, and asks again next time", async () => {
    const { isTMA } = await import("@/lib/client/telegram-bridge");
    const page = pageAt("https://app.example/");
    expect(isTMA()).toBe(false);
    page.moveTo(`https://app.example/${LAUNCH}`);
    expect(isTMA()).toBe(true);
  });

  it("keeps a yes after the launch parameters leave the URL and storage, where the published one reads them again", async () => {
    const { isTMA } = await import("@/lib/client/telegram-bridge");
    const page = pageAt(`https://app.example/${LAUNCH}`);
    expect(isTMA()).toBe(true);
    page.moveTo("https://app.example/#/PackStorePage");
    page.storage.clear();
    expect(published.isTMA()).toBe(false);
    expect(isTMA()).toBe(true);
  });

  it("reads the launch parameters once however often it is asked", async () => {
    const { isTMA } = await import("@/lib/client/telegram-bridge");
    pageAt(`https://app.example/${LAUNCH}`);
    const reads = vi.fn();
    const search = Object.getOwnPropertyDescriptor(URLSearchParams.prototype, "forEach")!;
    const forEach = search.value as URLSearchParams["forEach"];
    vi.spyOn(URLSearchParams.prototype, "forEach").mockImplementation(function (this: URLSearchParams, ...args) {
      reads();
      return forEach.apply(this, args);
    });
    for (let i = 0; i < 20; i++) isTMA();
    const afterTwenty = reads.mock.calls.length;
    expect(afterTwenty).toBeGreaterThan(0);
    isTMA();
    expect(reads.mock.calls.length).toBe(afterTwenty);
  });

  it("passes the complete check, with its host round trip, to the published bridge", async () => {
    const { isTMA } = await import("@/lib/client/telegram-bridge");
    pageAt("https://app.example/");
    expect(typeof (isTMA("complete", { timeout: 1 }) as Promise<boolean>).then).toBe("function");
  });

  it("exports everything else as published", async () => {
    const bridge = await import("@/lib/client/telegram-bridge");
    expect(bridge.retrieveLaunchParams).toBe(published.retrieveLaunchParams);
    expect(bridge.postEvent).toBe(published.postEvent);
  });
});
