import { adminAuthBodySchema, adminTokenResponseSchema } from "@/lib/contracts/admin";
import { signInWithWidget } from "@/lib/server/admin/sign-in";
import { withPublic } from "@/lib/server/http/handler";

// POST /api/admin/auth - an operator signs in to the console with Telegram's Login Widget
export const POST = withPublic(
  { body: adminAuthBodySchema, rateLimit: "sign-in", response: adminTokenResponseSchema },
  ({ db, body }) => signInWithWidget(db, body),
);
