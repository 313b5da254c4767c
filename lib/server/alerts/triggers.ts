import "server-only";
import type { Db } from "@/db";
import { ALERT_WINDOW_SECONDS, countTowardsAlert } from "./send";

// The failure paths that count towards the owners' alerts (docs/decisions/0503-operator-alerts.md):
// each is one event of its kind, alerted once the kind's threshold of them fall within
// ALERT_WINDOW_SECONDS. None throws: the failure itself goes on as before.

const minutes = Math.round(ALERT_WINDOW_SECONDS / 60);

/** A model call failed on a channel (the router, lib/server/ai/routed-provider.ts). */
export const providerCallFailed = (db: Db, model: string) =>
  countTowardsAlert({
    db,
    kind: "provider_failing",
    key: "provider_failing",
    text: (count) => ({ key: "providerFailing", values: { count, minutes, model } }),
  });

/** A refund the provider refused or did not answer (lib/server/payments/refund.ts). */
export const refundFailed = (db: Db, paymentId: string) =>
  countTowardsAlert({
    db,
    kind: "refund_failed",
    key: "refund_failed",
    text: (count) => ({ key: "refundFailed", values: { count, minutes, payment: paymentId } }),
  });

/** The payment provider answered a payment or an auto-payment with an error (lib/server/payments). */
export const paymentProviderFailed = (db: Db, provider: string) =>
  countTowardsAlert({
    db,
    kind: "payment_errors",
    key: `payment_errors:${provider}`,
    text: (count) => ({ key: "paymentErrors", values: { count, minutes, provider } }),
  });
