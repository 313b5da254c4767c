import { beforeEach, describe, expect, it, vi } from "vitest";

// The page was launched by user 7: the token is kept with that user's id (lib/client/session.ts).
vi.mock("@/lib/client/launch-params", () => ({ getRawInitData: () => "signed-init-data", currentLaunch: () => ({ user: { id: 7 } }) }));
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

describe("apiFetch", () => {
  beforeEach(() => {
    store.clear();
    vi.resetModules();
  });

  it("refreshes an expired token once for concurrent 401s and retries each call", async () => {
    store.set("session", session("old"));
    let logins = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/auth/telegram-login") {
        logins++;
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { jwtToken: "fresh", language: "ru" });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer fresh" ? json(200, { ok: url }) : json(401, { error: { code: "unauthorized", message: "no" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { apiFetch } = await import("@/lib/client/api-client");
    const results = await Promise.all([apiFetch("/a"), apiFetch("/b"), apiFetch("/c")]);
    expect(results).toEqual([{ ok: "/api/a" }, { ok: "/api/b" }, { ok: "/api/c" }]);
    expect(logins).toBe(1);
    expect(storedToken()).toBe("fresh");
  });

  it("removes the token and sends the user to the root when the refresh fails", async () => {
    store.set("session", session("old"));
    (window as { location: { hash: string } }).location.hash = "#/tariff";
    vi.stubGlobal("fetch", vi.fn(async (url: string) =>
      url === "/api/auth/telegram-login" ? json(401, {}) : json(401, { error: { code: "unauthorized", message: "expired" } }),
    ));
    const { apiFetch, ApiRequestError } = await import("@/lib/client/api-client");
    await expect(apiFetch("/a")).rejects.toBeInstanceOf(ApiRequestError);
    expect(store.has("session")).toBe(false);
    expect(window.location.hash).toBe("#/");
  });

  it("a call made while the first login runs waits for it: one login, the call carries the new token", async () => {
    let logins = 0;
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/auth/telegram-login") {
        logins++;
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { jwtToken: "first", language: "ru" });
      }
      const auth = (init.headers as Record<string, string>).Authorization;
      return auth === "Bearer first" ? json(200, { ok: url }) : json(401, { error: { code: "unauthorized", message: "no" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { login } = await import("@/lib/client/session");
    const { apiFetch } = await import("@/lib/client/api-client");
    const signingIn = login();
    await expect(apiFetch("/a")).resolves.toEqual({ ok: "/api/a" });
    await signingIn;
    expect(logins).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("never sends a token kept for another launch user: it is dropped and this user signs in", async () => {
    store.set("session", session("someone-elses", 8));
    const sent: (string | undefined)[] = [];
    vi.stubGlobal("fetch", vi.fn(async (url: string, init: RequestInit) => {
      if (url === "/api/auth/telegram-login") return json(200, { jwtToken: "mine", language: "ru" });
      const auth = (init.headers as Record<string, string>).Authorization;
      sent.push(auth);
      return auth === "Bearer mine" ? json(200, { ok: url }) : json(401, { error: { code: "unauthorized", message: "no" } });
    }));
    const { apiFetch } = await import("@/lib/client/api-client");
    await expect(apiFetch("/a")).resolves.toEqual({ ok: "/api/a" });
    expect(sent).not.toContain("Bearer someone-elses");
    expect(JSON.parse(store.get("session")!)).toEqual({ userId: 7, token: "mine" });
  });

  it("rebuilds the typed error from the JSON envelope", async () => {
    store.set("session", session("t"));
    vi.stubGlobal("fetch", vi.fn(async () => json(409, { error: { code: "conflict", message: "A payment is pending" } })));
    const { apiFetch } = await import("@/lib/client/api-client");
    await expect(apiFetch("/x", { method: "POST", body: {} })).rejects.toMatchObject({
      status: 409,
      code: "conflict",
      message: "A payment is pending",
    });
  });
});
