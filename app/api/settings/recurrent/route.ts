import { setRecurrentBodySchema, setRecurrentResponseSchema } from "@/lib/contracts/settings";
import { withUser } from "@/lib/server/http/handler";
import { setRecurrent } from "@/lib/server/payments/recurrent";

// POST /api/settings/recurrent - turn auto-payment off (or on again with a saved payment method)
export const POST = withUser(
  { body: setRecurrentBodySchema, response: setRecurrentResponseSchema },
  async ({ db, user, body }) => setRecurrent({ db, userId: user.id, isRecurrent: body.is_recurrent }),
);
