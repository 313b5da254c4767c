import { checkCodeParamsSchema, checkCodeResponseSchema } from "@/lib/contracts/referral";
import { withUser } from "@/lib/server/http/handler";
import { checkReferralCode } from "@/lib/server/referral/codes";

// GET /api/referral/check-code/{code} - whether the caller can use this code, with the reason
export const GET = withUser(
  { rateLimit: "referral-code", response: checkCodeResponseSchema },
  async ({ db, user, params }) => checkReferralCode({ db, user, code: checkCodeParamsSchema.parse(params).code }),
);
