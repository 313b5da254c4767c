import { historyModelsQuerySchema, historyModelsResponseSchema } from "@/lib/contracts/history";
import { withUser } from "@/lib/server/http/handler";
import { sessionModelChoice } from "@/lib/server/history/thread";

// GET /api/history/models?session_id= - the models the session may continue with in the chat
export const GET = withUser(
  { query: historyModelsQuerySchema, response: historyModelsResponseSchema },
  ({ db, user, query }) => sessionModelChoice({ db, userId: user.id, sessionId: query.session_id }),
);
