import "server-only";
import type { Job } from "@/lib/server/jobs/scheduler";
import { now } from "@/lib/server/clock";
import { applyDueRefills } from "@/lib/server/quotas/refill";
import { expireStalePayments } from "./pending";
import { renewSubscriptions } from "./renewal";

export const paymentJobs: Job[] = [
  { name: "payments:expire-stale", intervalMs: 60_000, run: expireStalePayments },
  { name: "payments:renew-subscriptions", intervalMs: 5 * 60_000, run: renewSubscriptions },
  // Refills and expiries of users who do not come back (a returning user's are applied on their next call).
  { name: "quotas:apply-due-refills", intervalMs: 5 * 60_000, run: (db) => applyDueRefills({ db, now: now() }) },
];
