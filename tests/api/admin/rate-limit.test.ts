import { describe, expect, it, onTestFinished, vi } from "vitest";

vi.hoisted(() => {
  // The admin bucket's 300 a minute scaled to 3, so the fourth call is past it.
  process.env.RATE_LIMIT_MULTIPLIER = "0.01";
});

import { GET as getAudit } from "@/app/api/admin/audit/route";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { setClockForTests } from "@/lib/server/clock";
import { call } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID } from "../../helpers/admin";

describe("the admin rate limit", () => {
  it("counts every /api/admin call per operator and answers 429 with Retry-After past it", async () => {
    const token = await issueOperatorToken(DEMO_OPERATOR_TELEGRAM_ID);
    // All four in one window, whatever the wall clock's second.
    const at = Date.parse("2030-03-03T10:00:05Z");
    setClockForTests(() => at);
    onTestFinished(() => setClockForTests());
    for (let i = 0; i < 3; i++) expect((await call(getAudit, "GET", "/api/admin/audit", { token })).status).toBe(200);
    const limited = await call(getAudit, "GET", "/api/admin/audit", { token });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
