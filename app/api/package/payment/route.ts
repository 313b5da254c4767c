import { createPackagePaymentBodySchema, createPackagePaymentResponseSchema } from "@/lib/contracts/package";
import { withUser } from "@/lib/server/http/handler";
import { findUserOrThrow } from "@/lib/server/users";
import { createPackagePayment } from "@/lib/server/payments/create";

// POST /api/package/payment - create a payment for a package
export const POST = withUser(
  { body: createPackagePaymentBodySchema, rateLimit: "payment-create", response: createPackagePaymentResponseSchema },
  async ({ db, user, body }) =>
    createPackagePayment({ db, user: await findUserOrThrow({ db, userId: user.id }), body }),
);
