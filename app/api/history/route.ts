import { historyPageBodySchema, historyPageResponseSchema } from "@/lib/contracts/history";
import { withUser } from "@/lib/server/http/handler";
import { listSessions } from "@/lib/server/history/list-sessions";

// POST /api/history/ {page, page_size, q?} - the caller's sessions, searched by q (answers with and without the trailing slash)
export const POST = withUser(
  { body: historyPageBodySchema, response: historyPageResponseSchema },
  ({ db, user, body }) =>
    listSessions({ db, userId: user.id, page: body.page, pageSize: body.page_size, q: body.q || undefined }),
);
