import { createCustomTariffPaymentBodySchema, createCustomTariffPaymentResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { findUserOrThrow } from "@/lib/server/users";
import { createCustomTariffPayment } from "@/lib/server/payments/create";

// POST /api/tariff/create_custom - create a payment for a custom tariff
export const POST = withUser(
  {
    body: createCustomTariffPaymentBodySchema,
    rateLimit: "payment-create",
    response: createCustomTariffPaymentResponseSchema,
  },
  async ({ db, user, body }) =>
    createCustomTariffPayment({ db, user: await findUserOrThrow({ db, userId: user.id }), body }),
);
