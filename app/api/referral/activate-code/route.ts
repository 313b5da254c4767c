import { activateCodeBodySchema, activateCodeResponseSchema } from "@/lib/contracts/referral";
import { withUser } from "@/lib/server/http/handler";
import { activateReferralCode } from "@/lib/server/referral/codes";

// POST /api/referral/activate-code - make the code's owner the caller's referrer (once)
export const POST = withUser(
  { body: activateCodeBodySchema, rateLimit: "referral-code", response: activateCodeResponseSchema },
  async ({ db, user, body }) => activateReferralCode({ db, user, code: body.referral_code }),
);
