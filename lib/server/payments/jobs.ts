import "server-only";
import type { Job } from "@/lib/server/jobs/scheduler";
import { expireStalePayments } from "./pending";
import { renewSubscriptions } from "./renewal";

export const paymentJobs: Job[] = [
  { name: "payments:expire-stale", intervalMs: 60_000, run: expireStalePayments },
  { name: "payments:renew-subscriptions", intervalMs: 5 * 60_000, run: renewSubscriptions },
];
