import { consoleLinkAvailableResponseSchema, consoleLinkResponseSchema } from "@/lib/contracts/admin";
import { createConsoleLink } from "@/lib/server/admin/console-link";
import { isOperator } from "@/lib/server/admin/operators";
import { withUser } from "@/lib/server/http/handler";

// GET /api/user/console-link - whether the personal account shows the "Console" link (operators only)
export const GET = withUser({ response: consoleLinkAvailableResponseSchema }, async ({ db, user }) => ({
  available: await isOperator(db, user.telegramId),
}));

// POST /api/user/console-link - a one-time link that signs the operator in to /admin
export const POST = withUser({ rateLimit: "sign-in", response: consoleLinkResponseSchema }, ({ db, user }) =>
  createConsoleLink({ db, telegramId: user.telegramId }),
);
