import { beforeEach, describe, expect, it, vi } from "vitest";

// The page was launched by user 7: the token is kept with that user's id (lib/client/session.ts).
vi.mock("@/lib/client/launch-params", () => ({
  getRawInitData: () => "signed-init-data",
  currentLaunch: () => ({ user: { id: 7 } }),
}));
const session = (token: string, userId = 7) => JSON.stringify({ userId, token });
const storedToken = () => (JSON.parse(store.get("session") ?? "null") as { token?: string } | null)?.token;

const store = new Map<string, string>();
vi.stubGlobal("localStorage", {
  getItem: (k: string) => store.get(k) ?? null,
  setItem: (k: string, v: string) => void store.set(k, v),
  removeItem: (k: string) => void store.delete(k),
});
vi.stubGlobal("window", { location: { hash: "#/tariff" } });

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A login answer held back until the test lets it go, so calls overlap it without a sleep. */
function heldBack() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  return { release, released };
}

describe("api (the mini-app's token source)", () => {
  beforeEach(() => {
    store.clear();
    vi.resetModules();
  });

  it("refreshes an expired token once for concurrent 401s and retries each call", async () => {
    store.set("session", session("old"));
    let logins = 0;
    let refused = 0;
    // The login answers once all three calls have been refused.
    const login = heldBack();
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/auth/telegram-login") {
        logins++;
        await login.released;
        return json(200, { jwtToken: "fresh", language: "ru" });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      if (auth === "Bearer fresh") return json(200, { ok: url });
      if (++refused === 3) login.release();
      return json(401, { error: { code: "unauthorized", message: "no" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { api } = await import("@/lib/client/api-client");
    const results = await Promise.all([
      api("GET /api/referral/balance"),
      api("GET /api/referral/my-code"),
      api("GET /api/referral/can-apply"),
    ]);
    expect(results).toEqual([
      { ok: "/api/referral/balance" },
      { ok: "/api/referral/my-code" },
      { ok: "/api/referral/can-apply" },
    ]);
    expect(logins).toBe(1);
    expect(storedToken()).toBe("fresh");
  });

  it("removes the token and sends the user to the root when the refresh fails", async () => {
    store.set("session", session("old"));
    (window as { location: { hash: string } }).location.hash = "#/tariff";
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        url === "/api/auth/telegram-login"
          ? json(401, {})
          : json(401, { error: { code: "unauthorized", message: "expired" } }),
      ),
    );
    const { api, ApiRequestError } = await import("@/lib/client/api-client");
    await expect(api("GET /api/referral/balance")).rejects.toBeInstanceOf(ApiRequestError);
    expect(store.has("session")).toBe(false);
    expect(window.location.hash).toBe("#/");
  });

  it("a call made while the first login runs waits for it: one login, the call carries the new token", async () => {
    let logins = 0;
    const firstLogin = heldBack();
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/auth/telegram-login") {
        logins++;
        await firstLogin.released;
        return json(200, { jwtToken: "first", language: "ru" });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer first"
        ? json(200, { ok: url })
        : json(401, { error: { code: "unauthorized", message: "no" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { login } = await import("@/lib/client/session");
    const { api } = await import("@/lib/client/api-client");
    const signingIn = login();
    const call = api("GET /api/referral/balance");
    firstLogin.release();
    await expect(call).resolves.toEqual({ ok: "/api/referral/balance" });
    await signingIn;
    expect(logins).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never sends a token kept for another launch user: it is dropped and this user signs in", async () => {
    store.set("session", session("someone-elses", 8));
    const sent: (string | undefined)[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === "/api/auth/telegram-login") return json(200, { jwtToken: "mine", language: "ru" });
        const auth = (init.headers as Record<string, string>).Authorization;
        sent.push(auth);
        return auth === "Bearer mine"
          ? json(200, { ok: url })
          : json(401, { error: { code: "unauthorized", message: "no" } });
      }),
    );
    const { api } = await import("@/lib/client/api-client");
    await expect(api("GET /api/referral/balance")).resolves.toEqual({ ok: "/api/referral/balance" });
    expect(sent).not.toContain("Bearer someone-elses");
    expect(JSON.parse(store.get("session")!)).toEqual({ userId: 7, token: "mine" });
  });

  it("rebuilds the typed error from the JSON envelope", async () => {
    store.set("session", session("t"));
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(409, { error: { code: "conflict", message: "A payment is pending" } })),
    );
    const { api } = await import("@/lib/client/api-client");
    await expect(api("POST /api/settings/recurrent", { body: { is_recurrent: false } })).rejects.toMatchObject({
      status: 409,
      code: "conflict",
      message: "A payment is pending",
    });
  });
});
