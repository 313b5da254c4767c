import "server-only";
import net from "node:net";
import { and, eq, or } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { payments } from "@/db/schema";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { confirmPayment } from "./confirm";
import { yookassaProvider } from "./providers/yookassa";
import { releasePayment } from "./release";

export const yookassaNotificationSchema = z.object({
  type: z.string().optional(),
  event: z.string().max(100),
  object: z.object({ id: z.string().min(1).max(100) }).loose(),
});
export type YookassaNotification = z.infer<typeof yookassaNotificationSchema>;

/**
 * YOOKASSA_TRUSTED_IPS: comma-separated addresses or CIDR ranges (YooKassa publishes the ranges it
 * sends notifications from). The caller's address is the first hop of X-Forwarded-For, as set by
 * the reverse proxy in front of the app; without the setting every source is accepted, which is
 * safe because a notification is only ever believed after re-fetching the payment from the API.
 */
export function isTrustedSource({ forwardedFor, trusted }: { forwardedFor: string | null; trusted: string | undefined }): boolean {
  if (!trusted?.trim()) return true;
  const address = forwardedFor?.split(",")[0]?.trim().replace(/^::ffff:/, "");
  const family = address ? net.isIP(address) : 0;
  if (!address || family === 0) return false;
  const list = new net.BlockList();
  for (const entry of trusted.split(",").map((s) => s.trim()).filter(Boolean)) {
    const [ip, prefix] = entry.split("/");
    const type = net.isIP(ip) === 6 ? "ipv6" : "ipv4";
    if (prefix) list.addSubnet(ip, Number(prefix), type);
    else list.addAddress(ip, type);
  }
  return list.check(address, family === 6 ? "ipv6" : "ipv4");
}

/**
 * POST /api/payments/webhook/yookassa: the notification is only a hint. The payment is fetched
 * again from YooKassa's API and applied (once, see confirmPayment) only when YooKassa itself says
 * it succeeded for our amount.
 */
export async function handleYookassaNotification({ db, req, body }: { db: Db; req: Request; body: YookassaNotification }) {
  if (!isTrustedSource({ forwardedFor: req.headers.get("x-forwarded-for"), trusted: env.YOOKASSA_TRUSTED_IPS })) {
    throw new ApiError("forbidden", "Notification from an untrusted address");
  }
  const remote = await yookassaProvider.fetchStatus(body.object.id).catch((error: unknown) => {
    if (error instanceof ApiError && error.code === "not_found") return null;
    throw error;
  });
  if (!remote) return { ok: true, ignored: "unknown payment" };
  // By YooKassa's id, or by the id in its metadata when the notification beat our own bookkeeping.
  const byMetadata = remote.ourPaymentId && z.uuid().safeParse(remote.ourPaymentId).success ? eq(payments.id, remote.ourPaymentId) : undefined;
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, "yookassa"), or(eq(payments.providerPaymentId, remote.providerPaymentId), byMetadata)));
  if (!payment) return { ok: true, ignored: "unknown payment" };
  if (remote.status === "succeeded") {
    if (remote.amountKopecks !== payment.amountKopecks) {
      console.error(`[payments] YooKassa payment ${remote.providerPaymentId} paid ${remote.amountKopecks} kopecks, expected ${payment.amountKopecks}`);
      return { ok: true, ignored: "amount mismatch" };
    }
    const { applied } = await confirmPayment({ db, paymentId: payment.id, savedPaymentMethodId: remote.savedPaymentMethodId, paidAtProvider: true });
    return { ok: true, applied };
  }
  if (remote.status === "canceled") {
    await releasePayment({ db, paymentId: payment.id, status: "canceled" });
  }
  return { ok: true, applied: false };
}
