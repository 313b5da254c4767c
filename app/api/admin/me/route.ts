import { operatorMeResponseSchema } from "@/lib/contracts/admin-operators";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/me - the signed-in operator's role and limits (the console hides the tabs the role cannot use)
export const GET = withAdmin({ response: operatorMeResponseSchema }, async ({ operator }) => ({
  telegram_id: operator.telegramId,
  role: operator.role,
  grant_limit: operator.grantLimit,
  refund_limit_rub: operator.refundLimitKopecks / 100,
}));
