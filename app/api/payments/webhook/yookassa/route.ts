import { yookassaNotificationSchema, yookassaWebhookResponseSchema } from "@/lib/contracts/payments";
import { env } from "@/lib/env";
import { clientAddress } from "@/lib/server/http/client-address";
import { withPublic } from "@/lib/server/http/handler";
import { handleYookassaNotification } from "@/lib/server/payments/providers/yookassa/webhook";

// POST /api/payments/webhook/yookassa - YooKassa notification, believed only after re-fetching the payment
export const POST = withPublic(
  { body: yookassaNotificationSchema, rateLimit: "payment-webhook", response: yookassaWebhookResponseSchema },
  async ({ db, req, body }) =>
    handleYookassaNotification({ db, sourceAddress: clientAddress(req, env.TRUSTED_PROXY_COUNT), body }),
);
