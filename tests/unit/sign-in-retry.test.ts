import { afterEach, describe, expect, it, vi } from "vitest";

// A sign-in refused for a while (429 at a peak, a 503 during a deploy, a dropped connection) is
// tried again with backoff, and the calls waiting for it go out once it succeeds (lib/client/session.ts).
vi.mock("@/lib/client/launch-params", () => ({
  getRawInitData: () => "signed-init-data",
  currentLaunch: () => ({ user: { id: 7 } }),
}));
const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
vi.stubGlobal("window", { location: { hash: "#/" } });

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("sign-in", () => {
  afterEach(() => {
    vi.useRealTimers();
    store.clear();
    vi.resetModules();
  });

  it("is tried again with backoff after 429 (its Retry-After), 503 and a network error, and the waiting call then goes out signed in", async () => {
    vi.useFakeTimers();
    const answers = [
      () => json(429, { error: { code: "rate_limited", message: "later" } }, { "retry-after": "3" }),
      () => json(503, { error: { code: "service_unavailable", message: "draining" } }),
      () => Promise.reject(new TypeError("Failed to fetch")),
      () => json(200, { jwtToken: "fresh", language: "ru" }),
    ];
    const loginsAt: number[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === "/api/auth/telegram-login") {
          loginsAt.push(Date.now());
          return answers[loginsAt.length - 1]();
        }
        const auth = (init.headers as Record<string, string>).Authorization;
        return auth === "Bearer fresh" ? json(200, { ok: true }) : json(401, { error: { code: "unauthorized" } });
      }),
    );
    const { login } = await import("@/lib/client/session");
    const { api } = await import("@/lib/client/api-client");
    const signedIn = login();
    const call = api("GET /api/referral/balance");
    await vi.advanceTimersByTimeAsync(60_000);
    await expect(signedIn).resolves.toMatchObject({ jwtToken: "fresh" });
    await expect(call).resolves.toEqual({ ok: true });
    expect(loginsAt).toHaveLength(4);
    // Retry-After is waited for; then the backoff grows.
    expect(loginsAt[1] - loginsAt[0]).toBeGreaterThanOrEqual(3_000);
    expect(loginsAt[3] - loginsAt[2]).toBeGreaterThan(loginsAt[2] - loginsAt[1]);
  });

  it("launch data the server refuses (401) is not tried again", async () => {
    let logins = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => (logins++, json(401, { error: { code: "unauthorized", message: "bad" } }))),
    );
    const { login } = await import("@/lib/client/session");
    await expect(login()).rejects.toThrow(/401/);
    expect(logins).toBe(1);
  });
});
