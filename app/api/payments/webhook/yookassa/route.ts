import { yookassaNotificationSchema, yookassaWebhookResponseSchema } from "@/lib/contracts/payments";
import { requestClientAddress } from "@/lib/server/http/request-address";
import { withPublic } from "@/lib/server/http/handler";
import { handleYookassaNotification } from "@/lib/server/payments/providers/yookassa/webhook";

// POST /api/payments/webhook/yookassa - YooKassa notification, believed only after re-fetching the payment
export const POST = withPublic(
  { body: yookassaNotificationSchema, rateLimit: "payment-webhook", response: yookassaWebhookResponseSchema },
  async ({ db, req, body }) => handleYookassaNotification({ db, sourceAddress: requestClientAddress(req), body }),
);
