import { myCodeResponseSchema } from "@/lib/contracts/referral";
import { withUser } from "@/lib/server/http/handler";
import { myReferralCode } from "@/lib/server/referral/codes";

// GET /api/referral/my-code - the caller's referral code and the link that opens the mini-app with it
export const GET = withUser({ response: myCodeResponseSchema }, async ({ user }) => myReferralCode(user));
