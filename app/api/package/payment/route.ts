import { createPackagePaymentBodySchema } from "@/lib/contracts/package";
import { withUser } from "@/lib/server/http/handler";
import { createPackagePayment } from "@/lib/server/payments/create";

// POST /api/package/payment - create a payment for a package
export const POST = withUser({ body: createPackagePaymentBodySchema, rateLimit: "payment-create" }, async ({ db, user, body }) => createPackagePayment({ db, user, body }));
