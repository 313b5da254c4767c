import { describe, expect, it, vi } from "vitest";
import { ApiRequestError, createApi, type TokenSource } from "@/lib/client/fetch-core";

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** A token source whose refresh hands out "fresh"; counts refreshes. */
function tokens(start: string | null) {
  let token = start;
  const source = {
    refreshes: 0,
    failed: 0,
    current: async () => token,
    refresh: async () => {
      source.refreshes++;
      token = "fresh";
    },
    onRefreshFailed: () => void source.failed++,
  } satisfies TokenSource & { refreshes: number; failed: number };
  return source;
}

const authorization = (init: RequestInit | undefined) => (init?.headers as Record<string, string>).Authorization;

describe("createApi (the fetch core of the mini-app and the demo chat)", () => {
  it("attaches the source's token and builds the URL from the call, its params and query", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { can_use: true, message: "" }));
    vi.stubGlobal("fetch", fetchMock);
    const api = createApi(tokens("t1"));
    await api("GET /api/referral/check-code/{code}", { params: { code: "a b" } });
    await api("GET /api/history/id", { query: { session_id: 7 } });
    expect(fetchMock.mock.calls.map(([url, init]) => [url, init?.method, authorization(init)])).toEqual([
      ["/api/referral/check-code/a%20b", "GET", "Bearer t1"],
      ["/api/history/id?session_id=7", "GET", "Bearer t1"],
    ]);
  });

  it("sends a JSON body with its content type, a form as it is", async () => {
    const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => json(200, { update_id: 1 }));
    vi.stubGlobal("fetch", fetchMock);
    const api = createApi(tokens("t"));
    await api("POST /api/demo/chat/updates", { body: { text: "hi" } });
    const form = new FormData();
    await api("POST /api/demo/chat/updates", { formData: form });
    const [[, first], [, second]] = fetchMock.mock.calls;
    expect([first?.body, (first?.headers as Record<string, string>)["Content-Type"]]).toEqual([
      '{"text":"hi"}',
      "application/json",
    ]);
    expect([second?.body, (second?.headers as Record<string, string>)["Content-Type"]]).toEqual([form, undefined]);
  });

  it("on a 401 refreshes the token once and retries once with the new one", async () => {
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) =>
      authorization(init) === "Bearer fresh"
        ? json(200, { ref_balance: 5, currency: "RUB" })
        : json(401, { error: { code: "unauthorized", message: "expired" } }),
    );
    vi.stubGlobal("fetch", fetchMock);
    const source = tokens("old");
    const api = createApi(source);
    await expect(api("GET /api/referral/balance")).resolves.toEqual({ ref_balance: 5, currency: "RUB" });
    expect(source.refreshes).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("calls sent together with an old token sign in once: a 401 answered after the sign-in retries with the new token", async () => {
    // Two calls go out with "old"; the first 401 refreshes, the second 401 arrives only afterwards.
    let releaseSecond!: () => void;
    const secondHeld = new Promise<void>((resolve) => (releaseSecond = resolve));
    let oldSent = 0;
    const fetchMock = vi.fn(async (_url: string, init?: RequestInit) => {
      if (authorization(init) === "Bearer fresh") return json(200, { ref_balance: 5, currency: "RUB" });
      if (++oldSent === 2) await secondHeld;
      return json(401, { error: { code: "unauthorized", message: "expired" } });
    });
    vi.stubGlobal("fetch", fetchMock);
    const source = tokens("old");
    const api = createApi(source);
    const first = api("GET /api/referral/balance");
    const second = api("GET /api/referral/balance");
    await first;
    releaseSecond();
    await expect(second).resolves.toEqual({ ref_balance: 5, currency: "RUB" });
    expect(source.refreshes).toBe(1);
  });

  it("a second 401 after the refresh is the caller's error, not another refresh", async () => {
    const fetchMock = vi.fn(async () => json(401, { error: { code: "unauthorized", message: "Unknown user" } }));
    vi.stubGlobal("fetch", fetchMock);
    const source = tokens("old");
    await expect(createApi(source)("GET /api/referral/balance")).rejects.toMatchObject({
      status: 401,
      code: "unauthorized",
      message: "Unknown user",
    });
    expect(source.refreshes).toBe(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("a failed refresh tells the source and throws the 401", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(401, { error: { code: "unauthorized", message: "expired" } })),
    );
    const source = { ...tokens("old"), refresh: async () => Promise.reject(new Error("no launch data")) };
    let failed = 0;
    source.onRefreshFailed = () => void failed++;
    await expect(createApi(source)("GET /api/referral/balance")).rejects.toBeInstanceOf(ApiRequestError);
    expect(failed).toBe(1);
  });

  it("rebuilds the typed error from the JSON envelope, fields included; a body that is not JSON keeps the status text", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(400, {
          error: { code: "bad_request", message: "Invalid input", fields: { is_recurrent: ["Expected boolean"] } },
        }),
      ),
    );
    const api = createApi(tokens("t"));
    const error = await api("POST /api/settings/recurrent", { body: { is_recurrent: true } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      code: "bad_request",
      message: "Invalid input",
      fields: { is_recurrent: ["Expected boolean"] },
    });

    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response("<html>", { status: 502, statusText: "Bad Gateway" })),
    );
    await expect(api("GET /api/referral/balance")).rejects.toMatchObject({
      status: 502,
      code: "unknown",
      message: "Bad Gateway",
    });
  });
});
