import { adminPromoCreateBodySchema, adminPromoListResponseSchema, adminPromoSchema } from "@/lib/contracts/promo";
import { withAdmin } from "@/lib/server/http/handler";
import { createPromoCode, listPromoCodes } from "@/lib/server/promo/codes";

// GET /api/admin/promo-codes - every promo code with its redemptions
export const GET = withAdmin({ response: adminPromoListResponseSchema }, ({ db }) => listPromoCodes({ db }));

// POST /api/admin/promo-codes {code, grant, quota_key?, tariff_name?, amount, max_redemptions, valid_until}
export const POST = withAdmin(
  { body: adminPromoCreateBodySchema, response: adminPromoSchema },
  ({ db, operator, body }) => createPromoCode({ db, operator, body }),
);
