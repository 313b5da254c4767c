import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GET as getUserTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { subscriptions } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { subscribe } from "../../helpers/subscribe";

describe("GET /api/user/user-tariff", () => {
  it("answers user_tariff null (Free), price 0 and no end date for a new user", async () => {
    const { token } = await signIn();
    const res = await call(getUserTariff, "GET", "/api/user/user-tariff", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ user_tariff: null, price: 0, expires_at: null, renews: false });
  });

  it("answers when the paid tariff ends, and whether it renews itself then", async () => {
    const { token, userId } = await signIn();
    await subscribe({ userId, tariff: "Starter", expiresInDays: 20 });
    const res = await call(getUserTariff, "GET", "/api/user/user-tariff", { token });
    expect(res.status).toBe(200);
    expect(res.body.user_tariff).toBe("Starter");
    const [row] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.userId, userId));
    expect(res.body.expires_at).toBe(row.expiresAt.toISOString());
    expect(res.body.renews).toBe(false);

    // Auto-pay on without a saved card cannot renew; with one it does.
    const db = await getDb();
    await db.update(subscriptions).set({ recurrent: true }).where(eq(subscriptions.userId, userId));
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token })).body.renews).toBe(false);
    await db.update(subscriptions).set({ paymentMethodId: "pm_1" }).where(eq(subscriptions.userId, userId));
    expect((await call(getUserTariff, "GET", "/api/user/user-tariff", { token })).body.renews).toBe(true);
  });
});
