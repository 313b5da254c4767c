import { describe, expect, it } from "vitest";
import { GET as meRoute } from "@/app/api/admin/me/route";
import { call } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID, nonOperatorToken, operatorToken } from "../../helpers/admin";

// GET /api/admin/me: the console learns the signed-in operator's role and limits from it (which tabs
// to show); roles set by owners are covered with PUT /api/admin/operators in operators.test.ts.
const me = (token?: string) => call(meRoute, "GET", "/api/admin/me", { token });

describe("GET /api/admin/me", () => {
  it("answers a seeded owner's id and role", async () => {
    const res = await me(await operatorToken());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ telegram_id: DEMO_OPERATOR_TELEGRAM_ID, role: "owner" });
  });

  it("refuses a caller without a token (401) and one who is not an operator (403)", async () => {
    expect((await me()).status).toBe(401);
    expect((await me(await nonOperatorToken())).status).toBe(403);
  });
});
