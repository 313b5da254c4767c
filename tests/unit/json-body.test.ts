import { describe, expect, it } from "vitest";
import { apiErrorOf } from "../helpers/api-error";
import { databaseErrorToApiError } from "@/lib/server/http/db-errors";
import { JSON_BODY_LIMIT_BYTES, readJsonBody } from "@/lib/server/http/json-body";

/** A body that would be endless: counts how much of it the reader actually pulled. */
function endlessBody() {
  const state = { pulled: 0 };
  const chunk = new TextEncoder().encode(`"${"x".repeat(16 * 1024 - 2)}"`);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      state.pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  return { stream, state };
}

const request = (body: BodyInit | null, headers: Record<string, string> = { "content-type": "application/json" }) =>
  new Request("http://localhost/api/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readJsonBody", () => {
  it("parses JSON and treats an empty body as {}", async () => {
    expect(await readJsonBody(request(JSON.stringify({ a: 1 })))).toEqual({ a: 1 });
    expect(await readJsonBody(request(null, {}))).toEqual({});
  });

  it("stops reading a streamed body just past the limit with 413", async () => {
    const { stream, state } = endlessBody();
    const error = await apiErrorOf(readJsonBody(request(stream)));
    expect(error.status).toBe(413);
    expect(state.pulled).toBeLessThan(JSON_BODY_LIMIT_BYTES + 64 * 1024);
  });

  it("answers 413 from a declared Content-Length without reading", async () => {
    const { stream, state } = endlessBody();
    const headers = { "content-type": "application/json", "content-length": String(100 * 1024 * 1024) };
    const error = await apiErrorOf(readJsonBody(request(stream, headers)));
    expect(error.status).toBe(413);
    expect(state.pulled).toBeLessThanOrEqual(32 * 1024);
  });

  it("answers 415 to a non-empty body of another content type", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      expect((await apiErrorOf(readJsonBody(request('{"a":1}', { "content-type": type })))).status).toBe(415);
    }
    expect((await apiErrorOf(readJsonBody(request('{"a":1}', {})))).status).toBe(415);
  });

  it("refuses NUL characters in values and keys", async () => {
    expect((await apiErrorOf(readJsonBody(request(JSON.stringify({ a: ["ok", "b\u0000"] }))))).status).toBe(400);
    expect((await apiErrorOf(readJsonBody(request(JSON.stringify({ "k\u0000": 1 }))))).status).toBe(400);
  });
});

describe("databaseErrorToApiError", () => {
  const withCode = (code: string, wrapped = false) => {
    const error = Object.assign(new Error("db"), { code });
    return wrapped ? Object.assign(new Error("Failed query"), { cause: error }) : error;
  };

  it("maps input the database refused to 400", () => {
    for (const code of ["22003", "22P02", "22021", "23505", "23503"])
      expect(databaseErrorToApiError(withCode(code, true))?.status).toBe(400);
  });

  it("maps a lost connection to 503 with Retry-After", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "57P01", "08006"]) {
      const mapped = databaseErrorToApiError(withCode(code));
      expect(mapped?.status).toBe(503);
      expect(mapped?.retryAfterSeconds).toBeGreaterThan(0);
    }
  });

  it("leaves other failures alone", () => {
    expect(databaseErrorToApiError(new Error("boom"))).toBeUndefined();
    expect(databaseErrorToApiError(withCode("42P01"))).toBeUndefined();
  });
});
