import { adminRedeemBodySchema, adminTokenResponseSchema } from "@/lib/contracts/admin";
import { redeemConsoleLink } from "@/lib/server/admin/console-link";
import { withPublic } from "@/lib/server/http/handler";

// POST /api/admin/auth/redeem {code} - the /admin page trades a one-time console link for an operator token
export const POST = withPublic(
  { body: adminRedeemBodySchema, rateLimit: "sign-in", response: adminTokenResponseSchema },
  ({ db, body }) => redeemConsoleLink({ db, code: body.code }),
);
