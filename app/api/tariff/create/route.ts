import { createTariffPaymentBodySchema, createTariffPaymentResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { findUserOrThrow } from "@/lib/server/users";
import { createTariffPayment } from "@/lib/server/payments/create";

// POST /api/tariff/create - create a payment for a standard tariff
export const POST = withUser(
  { body: createTariffPaymentBodySchema, rateLimit: "payment-create", response: createTariffPaymentResponseSchema },
  async ({ db, user, body }) => createTariffPayment({ db, user: await findUserOrThrow({ db, userId: user.id }), body }),
);
