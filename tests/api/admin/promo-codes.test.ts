import { describe, expect, it } from "vitest";
import { GET as listCodes, POST as createCode } from "@/app/api/admin/promo-codes/route";
import { call } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// The console's promo codes: created by an owner, listed with their redemptions. Redemption, the
// grants and the concurrency of it are in tests/api/promo/redeem.test.ts.
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000).toISOString();
const list = async () => call(listCodes, "GET", "/api/admin/promo-codes", { token: await operatorToken() });
const create = async (body: Record<string, unknown>) =>
  call(createCode, "POST", "/api/admin/promo-codes", {
    token: await operatorToken(),
    body: { max_redemptions: 3, valid_until: inAWeek(), ...body },
  });

describe("POST /api/admin/promo-codes and GET /api/admin/promo-codes", () => {
  it("creates a code of days of a tariff and lists it with no redemptions yet", async () => {
    const created = await create({ code: "WEEKSTARTER", grant: "days", tariff_name: "Starter", amount: 7 });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ code: "WEEKSTARTER", grant: "days", tariff_name: "Starter", amount: 7 });
    const listed = await list();
    expect(listed.status).toBe(200);
    expect(JSON.stringify(listed.body)).toContain("WEEKSTARTER");
  });

  it("refuses a code of days without its tariff (400) and lists nothing new", async () => {
    const before = JSON.stringify((await list()).body);
    expect((await create({ code: "NOTARIFF", grant: "days", amount: 7 })).status).toBe(400);
    expect(JSON.stringify((await list()).body)).toBe(before);
  });
});
