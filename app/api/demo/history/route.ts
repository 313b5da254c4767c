import { demoHistoryBodySchema, demoHistoryResponseSchema } from "@/lib/contracts/demo";
import { withUser } from "@/lib/server/http/handler";
import { seedDemoHistory } from "@/lib/server/demo/history-seed";

// POST /api/demo/history - adds sessions with messages to the caller's history (demo mode only, 404 otherwise)
export const POST = withUser(
  { body: demoHistoryBodySchema, response: demoHistoryResponseSchema },
  ({ db, user, body }) => seedDemoHistory({ db, userId: user.id, body }),
);
