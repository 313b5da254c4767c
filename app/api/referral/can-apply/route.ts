import { canApplyResponseSchema } from "@/lib/contracts/referral";
import { withUser } from "@/lib/server/http/handler";
import { canApplyReferral } from "@/lib/server/referral/codes";

// GET /api/referral/can-apply - whether the caller may still enter someone's code
export const GET = withUser({ response: canApplyResponseSchema }, async ({ user }) => ({
  can_apply: canApplyReferral(user),
}));
