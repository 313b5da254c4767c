import { sandboxPaymentResponseSchema } from "@/lib/contracts/payments";
import { withPublic } from "@/lib/server/http/handler";
import { resolveSandboxPayment } from "@/lib/server/payments/providers/sandbox/checkout";

// POST /api/payments/sandbox/{paymentId}/confirm|decline - the sandbox checkout page's buttons
export const POST = withPublic({ response: sandboxPaymentResponseSchema }, async ({ db, params }) =>
  resolveSandboxPayment({ db, paymentId: params.paymentId, action: params.action }),
);
