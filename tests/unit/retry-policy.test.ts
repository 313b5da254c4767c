import { describe, expect, it } from "vitest";
import { ApiRequestError } from "@/lib/client/api-client";
import { failureKind, mayPassOnRetry } from "@/lib/client/retry-policy";

const answer = (status: number) => new ApiRequestError(status, "x", "x");

describe("retry policy", () => {
  it("retries a lost connection, a try-again 503 and a gateway timeout, nothing else", () => {
    expect(mayPassOnRetry(new TypeError("Failed to fetch"))).toBe(true);
    for (const status of [503, 504]) expect(mayPassOnRetry(answer(status)), String(status)).toBe(true);
    for (const status of [400, 403, 404, 409, 422, 429, 500, 501, 502])
      expect(mayPassOnRetry(answer(status)), String(status)).toBe(false);
    expect(mayPassOnRetry(new DOMException("timed out", "TimeoutError"))).toBe(false);
  });

  it("names the failure a screen tells", () => {
    expect(failureKind(new TypeError("Failed to fetch"))).toBe("network");
    expect(failureKind(answer(503))).toBe("unavailable");
    expect(failureKind(answer(429))).toBe("rateLimited");
    expect(failureKind(answer(422))).toBe("refused");
    expect(failureKind(answer(500))).toBe("other");
    expect(failureKind(new Error("boom"))).toBe("other");
  });
});
