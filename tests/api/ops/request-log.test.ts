import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { call, signedInitData } from "../../helpers/api";

// Logging is silent in the other test files; this one turns it on before the app is imported.
process.env.LOG_LEVEL = "info";

type Line = Record<string, unknown>;
let lines: Line[] = [];
let captured = "";

beforeAll(() => {
  const write = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: never[]) => {
    const text = String(chunk);
    if (!text.startsWith("{")) return write(chunk, ...rest);
    captured += text;
    lines.push(
      ...text
        .trim()
        .split("\n")
        .map((line) => JSON.parse(line) as Line),
    );
    return true;
  }) as typeof process.stdout.write);
});

afterEach(() => {
  lines = [];
  captured = "";
});

const requestLines = () => lines.filter((line) => line.msg === "request");

describe("request logs", () => {
  it("a sign-in writes one JSON line with request id, route, status and duration, and no init data or token", async () => {
    const { POST: login } = await import("@/app/api/auth/telegram-login/route");
    const initData = signedInitData();
    const res = await call(login, "POST", "/api/auth/telegram-login", { body: { initData } });
    expect(res.status).toBe(200);

    const [line, ...more] = requestLines();
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, method: "POST", route: "/api/auth/telegram-login", status: 200 });
    expect(typeof line.durationMs).toBe("number");
    expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get("x-request-id")).toBe(line.requestId);

    const hash = new URLSearchParams(initData).get("hash")!;
    expect(captured).not.toContain(hash);
    expect(captured).not.toContain(res.body.jwtToken);
    expect(captured).not.toContain(process.env.BOT_TOKEN);
  });

  it("keeps a well-formed incoming X-Request-Id and replaces one that could forge log text", async () => {
    const { GET: health } = await import("@/app/api/health/route");
    const kept = await call(health, "GET", "/api/health", { headers: { "x-request-id": "edge-7f3a.1" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-7f3a.1");
    expect(requestLines()[0]).toMatchObject({ requestId: "edge-7f3a.1", route: "/api/health", status: 200 });

    const forged = await call(health, "GET", "/api/health", { headers: { "x-request-id": 'x","status":500' } });
    expect(forged.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("stamps the request id on a line logged inside the request, and writes the request line in the child logger's shape", async () => {
    const { loggedRequest } = await import("@/lib/server/http/request-log");
    const { log } = await import("@/lib/server/log");
    const res = await loggedRequest(
      new Request("http://127.0.0.1:3000/api/probe?x=1", { headers: { "x-request-id": "probe-1" } }),
      "/api/probe",
      async () => {
        log().info({ step: 1 }, "inside");
        return Response.json({});
      },
    );
    expect(res.headers.get("x-request-id")).toBe("probe-1");
    expect(lines.find((line) => line.msg === "inside")).toMatchObject({ requestId: "probe-1", step: 1 });
    expect(captured).toMatch(
      /\{"level":30,"time":"[^"]+","requestId":"probe-1","method":"GET","route":"\/api\/probe","status":200,"durationMs":\d+,"msg":"request"\}\n/,
    );
  });

  it("logs a signed-in call's status without its bearer token, and leaves the query string out", async () => {
    const { signIn } = await import("../../helpers/api");
    const { token } = await signIn();
    lines = [];
    captured = "";
    const { GET: me } = await import("@/app/api/user/statistic/route");
    const res = await call(me, "GET", "/api/user/statistic", { token, query: { sig: "signed-link-secret" } });
    expect(res.status).toBe(200);
    expect(requestLines()).toEqual([
      expect.objectContaining({ method: "GET", route: "/api/user/statistic", status: 200 }),
    ]);
    expect(captured).not.toContain(token);
    expect(captured).not.toContain("signed-link-secret");
  });

  it("redacts credentials wherever they sit in a log object", async () => {
    const { log } = await import("@/lib/server/log");
    log().info(
      {
        headers: { authorization: "Bearer abc.def", "x-telegram-bot-api-secret-token": "hook-secret" },
        body: { initData: "query_id=1&hash=f00" },
        apiKey: "sk-live",
      },
      "probe",
    );
    expect(captured).not.toMatch(/abc\.def|hook-secret|hash=f00|sk-live/);
    expect(lines[0]).toMatchObject({ msg: "probe", headers: { authorization: "[redacted]" }, apiKey: "[redacted]" });
  });

  it("logs a provider call with its duration and outcome, tagged with the request id", async () => {
    const { providerCall, rootLogger, withLogger } = await import("@/lib/server/log");
    await withLogger(rootLogger.child({ requestId: "r-1" }), () => providerCall("openai", "chat", async () => "ok"));
    await expect(
      providerCall("telegram", "sendMessage", async () => {
        throw new Error("Network request for bot123456:SECRET-token/sendMessage failed");
      }),
    ).rejects.toThrow();
    const [ok, failed] = lines.filter((line) => line.msg === "provider call");
    expect(ok).toMatchObject({ requestId: "r-1", provider: "openai", operation: "chat", outcome: "ok", level: 30 });
    expect(typeof ok.durationMs).toBe("number");
    expect(failed).toMatchObject({ provider: "telegram", outcome: "error", level: 40 });
    expect(captured).not.toContain("SECRET-token");
  });
});
