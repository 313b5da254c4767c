import { withUser } from "@/lib/server/http/handler";
import { getReferralBalance } from "@/lib/server/referral/balance";

// GET /api/referral/balance - the caller's referral balance in roubles
export const GET = withUser({}, async ({ db, user }) => getReferralBalance({ db, userId: user.id }));
