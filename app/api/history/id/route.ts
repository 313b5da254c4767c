import {
  historyDeleteQuerySchema,
  historyDeleteResponseSchema,
  historyRenameBodySchema,
  historyRenameResponseSchema,
  historyContinueBodySchema,
  historyContinueResponseSchema,
  historyThreadQuerySchema,
  historyThreadResponseSchema,
} from "@/lib/contracts/history";
import { withUser } from "@/lib/server/http/handler";
import { deleteSession, renameSession } from "@/lib/server/history/manage-sessions";
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

// PATCH /api/history/id {session_id, name} - rename one of the caller's dialogues
export const PATCH = withUser(
  { body: historyRenameBodySchema, response: historyRenameResponseSchema },
  ({ db, user, body }) => renameSession({ db, userId: user.id, sessionId: body.session_id, name: body.name }),
);

// DELETE /api/history/id?session_id= - delete one of the caller's dialogues with its messages and files
export const DELETE = withUser(
  { query: historyDeleteQuerySchema, response: historyDeleteResponseSchema },
  ({ db, user, query }) => deleteSession({ db, userId: user.id, sessionId: query.session_id }),
);
