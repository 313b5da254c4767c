import {
  historyContinueBodySchema,
  historyContinueResponseSchema,
  historyThreadQuerySchema,
  historyThreadResponseSchema,
} from "@/lib/contracts/history";
import { withUser } from "@/lib/server/http/handler";
import { listSessionMessages } from "@/lib/server/history/thread";
import { continueSession } from "@/lib/server/sessions/continue-session";

// GET /api/history/id?session_id= - the session's messages, oldest first
export const GET = withUser(
  { query: historyThreadQuerySchema, response: historyThreadResponseSchema },
  ({ db, user, query }) => listSessionMessages({ db, userId: user.id, sessionId: query.session_id }),
);

// POST /api/history/id {session_id, model_id?} - continue the session in the messenger (with another model)
export const POST = withUser(
  { body: historyContinueBodySchema, rateLimit: "launch", response: historyContinueResponseSchema },
  ({ db, user, body }) => continueSession({ db, user, sessionId: body.session_id, modelId: body.model_id }),
);
