import "server-only";
import { log } from "@/lib/server/log";
import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { payments } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { addressInRanges } from "@/lib/server/http/client-address";
import { confirmPayment } from "../../confirm";
import { fetchYookassaPayment, fetchYookassaRefund } from "./client";
import { undoPurchase } from "../../refund";
import { releasePayment } from "../../release";
import { yookassaNotificationSchema } from "@/lib/contracts/payments";

type YookassaNotification = z.infer<typeof yookassaNotificationSchema>;

/**
 * YOOKASSA_TRUSTED_IPS: comma-separated addresses or CIDR ranges (YooKassa publishes the ranges it
 * sends notifications from), matched against the client address taken from the right-hand end of
 * X-Forwarded-For behind TRUSTED_PROXY_COUNT proxies (a client-written first entry is never
 * trusted). It defaults to YooKassa's published ranges; "any" accepts every source, which is safe
 * because a notification is only ever believed after re-fetching the payment from the API.
 */
export function isTrustedSource({ address, trusted }: { address: string | undefined; trusted: string }): boolean {
  if (trusted.trim() === "any") return true;
  return addressInRanges(address, trusted);
}

// A notification is answered within a few seconds: YooKassa redelivers what it could not deliver.
const WEBHOOK_CALL = { timeoutMs: 3000 };

/** A re-fetch YooKassa answered "not found" is null; any other failure asks for the notification again later. */
function unknownOrRetryLater(error: unknown): null {
  if (error instanceof ApiError && error.code === "not_found") return null;
  // Whatever the provider said stays in our log, never in an answer to an anonymous caller; a
  // 503 makes YooKassa deliver the notification again later.
  log().error({ err: error }, "YooKassa re-fetch failed");
  const unavailable = new ApiError("service_unavailable", "Notification not processed, deliver it again later");
  unavailable.retryAfterSeconds = 60;
  throw unavailable;
}

/**
 * A refund notification, believed only after re-fetching the refund (GET /v3/refunds/{id}): a
 * succeeded refund of the whole payment undoes what is left of the purchase, once; a partial one
 * undoes its share when it is the operator's refund waiting for this word (undoPurchase). A partial
 * refund made in YooKassa's own dashboard is the operator's own arrangement: the purchase stays.
 */
async function handleRefundNotification({ db, refundId }: { db: Db; refundId: string }) {
  const refund = await fetchYookassaRefund(refundId, WEBHOOK_CALL).catch(unknownOrRetryLater);
  if (!refund) return { ok: true, ignored: "unknown refund" };
  if (refund.status !== "succeeded") return { ok: true, applied: false };
  const [payment] = await db
    .select({ id: payments.id, amountKopecks: payments.amountKopecks })
    .from(payments)
    .where(and(eq(payments.provider, "yookassa"), eq(payments.providerPaymentId, refund.providerPaymentId)));
  if (!payment) return { ok: true, ignored: "unknown payment" };
  if (refund.amountKopecks >= payment.amountKopecks) {
    const { undone } = await undoPurchase({ db, paymentId: payment.id });
    return { ok: true, applied: undone };
  }
  const { undone } = await undoPurchase({
    db,
    paymentId: payment.id,
    amountKopecks: refund.amountKopecks,
    claimed: true,
  });
  if (!undone)
    log().warn(
      { paymentId: payment.id, refundedKopecks: refund.amountKopecks },
      "YooKassa partial refund left the purchase in place",
    );
  return undone ? { ok: true, applied: true } : { ok: true, ignored: "partial refund" };
}

/**
 * POST /api/payments/webhook/yookassa: the notification is only a hint. The payment is fetched
 * again from YooKassa's API and applied (once, see confirmPayment) only when YooKassa itself says
 * it succeeded for our amount.
 */
export async function handleYookassaNotification({
  db,
  sourceAddress,
  body,
}: {
  db: Db;
  sourceAddress: string | undefined;
  body: YookassaNotification;
}) {
  if (!isTrustedSource({ address: sourceAddress, trusted: env.YOOKASSA_TRUSTED_IPS })) {
    throw new ApiError("forbidden", "Notification from an untrusted address");
  }
  if (body.event.startsWith("refund.")) return handleRefundNotification({ db, refundId: body.object.id });
  const remote = await fetchYookassaPayment(body.object.id, WEBHOOK_CALL).catch(unknownOrRetryLater);
  if (!remote) return { ok: true, ignored: "unknown payment" };
  // By YooKassa's id, or by the id in its metadata when the notification beat our own bookkeeping.
  const byMetadata =
    remote.ourPaymentId && z.uuid().safeParse(remote.ourPaymentId).success
      ? eq(payments.id, remote.ourPaymentId)
      : undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(
      and(eq(payments.provider, "yookassa"), or(eq(payments.providerPaymentId, remote.providerPaymentId), byMetadata)),
    );
  if (!payment) return { ok: true, ignored: "unknown payment" };
  if (remote.status === "succeeded") {
    if (remote.amountKopecks !== payment.amountKopecks) {
      log().error(
        {
          providerPaymentId: remote.providerPaymentId,
          paidKopecks: remote.amountKopecks,
          expectedKopecks: payment.amountKopecks,
        },
        "YooKassa payment amount differs",
      );
      return { ok: true, ignored: "amount mismatch" };
    }
    const { applied } = await confirmPayment({
      db,
      paymentId: payment.id,
      savedPaymentMethodId: remote.savedPaymentMethodId,
      paidAtProvider: true,
    });
    return { ok: true, applied };
  }
  if (remote.status === "canceled") {
    await releasePayment({ db, paymentId: payment.id, status: "canceled" });
  }
  return { ok: true, applied: false };
}
