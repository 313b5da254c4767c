import { referralBalanceResponseSchema } from "@/lib/contracts/referral";
import { withUser } from "@/lib/server/http/handler";
import { getReferralBalance } from "@/lib/server/referral/balance";

// GET /api/referral/balance - the caller's referral balance in roubles
export const GET = withUser({ response: referralBalanceResponseSchema }, async ({ db, user }) =>
  getReferralBalance({ db, userId: user.id }),
);
