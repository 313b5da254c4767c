import { eq } from "drizzle-orm";
import { POST as createPackage } from "@/app/api/package/payment/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as statistic } from "@/app/api/user/statistic/route";
import { GET as usage } from "@/app/api/user/usage/route";
import { getDb } from "@/db";
import { packages } from "@/db/schema";
import { setClockForTests } from "@/lib/server/clock";
import { userUsageResponseSchema } from "@/lib/contracts/user";
import { call } from "./api";
import { paymentIdFromUrl } from "./payments";

export const DAY_MS = 24 * 60 * 60 * 1000;

/** Moves the server's clock `days` after `start` (tests restore it with `setClockForTests()`). */
export function setDay(start: number, days: number) {
  setClockForTests(() => start + days * DAY_MS);
}

/** Confirms a sandbox payment as the person on the checkout page would. */
export const confirmSandbox = (url: string) => {
  const id = paymentIdFromUrl(url);
  return call(sandboxAction, "POST", `/api/payments/sandbox/${id}/confirm`, {
    params: { paymentId: id, action: "confirm" },
  });
};

/** Creates and pays a package by its seed key. */
export async function buyPackage(token: string, seedKey: string) {
  const db = await getDb();
  const [row] = await db.select().from(packages).where(eq(packages.seedKey, seedKey));
  const res = await call(createPackage, "POST", "/api/package/payment", { token, body: { package_id: row.id } });
  if (res.status !== 200) throw new Error(`package payment failed: ${res.status} ${JSON.stringify(res.body)}`);
  await confirmSandbox(res.body.payment_url);
}

export const getStatistic = async (token: string) =>
  (await call(statistic, "GET", "/api/user/statistic", { token })).body;

/** The caller's ledger page, parsed with its response schema. */
export async function getUsage(token: string, query: Record<string, string | number> = {}) {
  const res = await call(usage, "GET", "/api/user/usage", { token, query });
  if (res.status !== 200) throw new Error(`usage failed: ${res.status} ${JSON.stringify(res.body)}`);
  return userUsageResponseSchema.parse(res.body);
}
