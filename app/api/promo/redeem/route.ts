import { promoRedeemBodySchema, promoRedeemResponseSchema } from "@/lib/contracts/promo";
import { withUser } from "@/lib/server/http/handler";
import { redeemPromoCode } from "@/lib/server/promo/redeem";
import { findUserOrThrow } from "@/lib/server/users";

// POST /api/promo/redeem {code} - redeems a promo code, once per user
export const POST = withUser(
  { body: promoRedeemBodySchema, rateLimit: "referral-code", response: promoRedeemResponseSchema },
  async ({ db, user, body }) =>
    redeemPromoCode({ db, user: await findUserOrThrow({ db, userId: user.id }), code: body.code }),
);
