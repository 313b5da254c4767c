import type { Db } from "@/db";
import { startFakeYookassa, type FakeYookassa } from "../fakes/yookassa";

// The YooKassa API suites' shared set-up: a loopback fake of the API, the app configured for it
// (lib/env.ts reads process.env once, so this runs before any app module loads) and the routes
// they call, imported afterwards.

export const YOOKASSA_SHOP = { shopId: "123456", secretKey: "test_secret" };

async function importRoutes() {
  return {
    createTariff: (await import("@/app/api/tariff/create/route")).POST,
    createPackage: (await import("@/app/api/package/payment/route")).POST,
    webhook: (await import("@/app/api/payments/webhook/yookassa/route")).POST,
    cancelPending: (await import("@/app/api/tariff/cancel-pending-payment/route")).POST,
    checkPending: (await import("@/app/api/tariff/check-pending-payment/route")).GET,
    userTariff: (await import("@/app/api/user/user-tariff/route")).GET,
    statistic: (await import("@/app/api/user/statistic/route")).GET,
    setRecurrent: (await import("@/app/api/settings/recurrent/route")).POST,
    recurrentStatus: (await import("@/app/api/settings/recurrent-status/route")).GET,
  };
}

export type YookassaSuite = {
  fake: FakeYookassa;
  routes: Awaited<ReturnType<typeof importRoutes>>;
  renewSubscriptions: typeof import("@/lib/server/payments/renewal").renewSubscriptions;
  db: Db;
  schema: typeof import("@/db/schema");
};

/** Starts the fake and configures the app for it; `env` adds or overrides settings. */
export async function startYookassaSuite(env: Record<string, string> = {}): Promise<YookassaSuite> {
  const fake = await startFakeYookassa(YOOKASSA_SHOP);
  Object.assign(process.env, {
    PAYMENT_PROVIDER: "yookassa",
    YOOKASSA_SHOP_ID: YOOKASSA_SHOP.shopId,
    YOOKASSA_SECRET_KEY: YOOKASSA_SHOP.secretKey,
    YOOKASSA_API_URL: fake.url,
    ...env,
  });
  return {
    fake,
    routes: await importRoutes(),
    renewSubscriptions: (await import("@/lib/server/payments/renewal")).renewSubscriptions,
    db: await (await import("@/db")).getDb(),
    schema: await import("@/db/schema"),
  };
}
