import { recurrentStatusResponseSchema } from "@/lib/contracts/settings";
import { withUser } from "@/lib/server/http/handler";
import { getRecurrentStatus } from "@/lib/server/payments/recurrent";

// GET /api/settings/recurrent-status - whether the current subscription renews itself
export const GET = withUser({ response: recurrentStatusResponseSchema }, async ({ db, user }) =>
  getRecurrentStatus({ db, userId: user.id }),
);
