import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { GET as credit } from "@/app/api/tariff/credit/route";
import { POST as createTariff } from "@/app/api/tariff/create/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { payments } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { call, signIn } from "../../helpers/api";
import { confirmSandbox, getUsage, setDay } from "../../helpers/billing";
import { buyStarter, paymentIdFromUrl } from "../../helpers/payments";

// Changing tariff credits the unused part of the paid period toward the new one
// (docs/product/billing.md "Changing tariff").

afterEach(() => setClockForTests());

const getCredit = async (token: string) => (await call(credit, "GET", "/api/tariff/credit", { token })).body;
const buyNeuroBasic = (token: string, calculated_price: number) =>
  call(createTariff, "POST", "/api/tariff/create", {
    token,
    body: { tariff_name: "Neuro Basic", months: 1, calculated_price, recurent: false, ref_amount_used: 0 },
  });

describe("GET /api/tariff/credit and a change of tariff", () => {
  it("answers 0 and nulls with nothing to credit", async () => {
    const { token } = await signIn();
    expect(await getCredit(token)).toEqual({ credit_rub: 0, tariff_name: null, days_left: null });
    expect((await call(credit, "GET", "/api/tariff/credit")).status).toBe(401);
  });

  it("a 90-day Starter changed to Neuro Basic the next day credits its 89 unused days pro rata; the price is less by it, and the credit is in the payment and the ledger", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token, userId } = await signIn();
    const bought = await buyStarter(token, { months: 3, calculated_price: 1470 });
    await confirmSandbox(bought.body.payment_url);
    setDay(start, 1);
    expect(await getCredit(token)).toEqual({ credit_rub: 1453.66, tariff_name: "Starter", days_left: 89 });
    // The full price, ignoring the credit, is refused.
    const full = await buyNeuroBasic(token, 1490);
    expect(full.status).toBe(400);
    expect(full.body.error.fields.calculated_price).toBeDefined();
    const res = await buyNeuroBasic(token, 36.34);
    expect(res.status).toBe(200);
    const id = paymentIdFromUrl(res.body.payment_url);
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, id));
    expect(row).toMatchObject({ amountKopecks: 3_634, creditKopecks: 145_366 });
    await confirmSandbox(res.body.payment_url);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Neuro Basic");
    const reasons = (await getUsage(token, { page_size: 100 })).data.filter((r) => r.reason === "credit");
    expect(reasons.length).toBeGreaterThan(0);
    expect(reasons.every((r) => r.units < 0)).toBe(true);
    // The credited period is used up: nothing more to credit from Starter, and Neuro Basic's own month is next.
    const after = await getCredit(token);
    expect(after.tariff_name).toBe("Neuro Basic");
    expect(after.days_left).toBe(30);
    void userId;
  });

  it("extending the same tariff credits nothing: its full price is asked", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token } = await signIn();
    await confirmSandbox((await buyStarter(token)).body.payment_url);
    setDay(start, 1);
    expect((await buyStarter(token)).status).toBe(200);
  });

  it("a credit larger than the new price makes it 0: the change is applied at once without a provider", async () => {
    const start = Date.now();
    setDay(start, 0);
    const { token } = await signIn();
    const nb = await buyNeuroBasic(token, 1490);
    await confirmSandbox(nb.body.payment_url);
    setDay(start, 1);
    const { credit_rub } = await getCredit(token);
    expect(credit_rub).toBeGreaterThan(490);
    const res = await buyStarter(token, { calculated_price: 0 });
    expect(res.status).toBe(200);
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBe("Starter");
  });
});
