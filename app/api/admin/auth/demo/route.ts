import { adminTokenResponseSchema } from "@/lib/contracts/admin";
import { signInAsDemoOperator } from "@/lib/server/admin/sign-in";
import { withPublic } from "@/lib/server/http/handler";

// POST /api/admin/auth/demo - demo mode only: sign in to the console as the demo operator
export const POST = withPublic({ rateLimit: "sign-in", response: adminTokenResponseSchema }, () =>
  signInAsDemoOperator(),
);
