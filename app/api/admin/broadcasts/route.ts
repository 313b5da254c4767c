import {
  adminBroadcastBodySchema,
  adminBroadcastSchema,
  adminBroadcastsResponseSchema,
} from "@/lib/contracts/admin-broadcasts";
import { recentBroadcasts, startBroadcast } from "@/lib/server/broadcasts/operator";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/broadcasts - the latest broadcasts with their progress
export const GET = withAdmin({ response: adminBroadcastsResponseSchema }, ({ db }) => recentBroadcasts({ db }));

// POST /api/admin/broadcasts {text, segment} - checks the MarkdownV2 text and starts sending it
export const POST = withAdmin(
  { body: adminBroadcastBodySchema, response: adminBroadcastSchema },
  ({ db, operator, body }) => startBroadcast({ db, operator, text: body.text, segment: body.segment }),
);
