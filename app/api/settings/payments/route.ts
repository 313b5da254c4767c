import { paymentListResponseSchema } from "@/lib/contracts/settings";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listPayments } from "@/lib/server/payments/list";

// POST /api/settings/payments - the caller's payments, newest first
export const POST = withUser({ response: paymentListResponseSchema }, async ({ db, user }) =>
  listPayments({ db, userId: user.id, language: userLanguage(user) }),
);
