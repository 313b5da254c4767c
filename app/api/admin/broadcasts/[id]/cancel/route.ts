import { adminBroadcastSchema } from "@/lib/contracts/admin-broadcasts";
import { broadcastId } from "@/lib/server/broadcasts/broadcast-id";
import { stopBroadcast } from "@/lib/server/broadcasts/operator";
import { withAdmin } from "@/lib/server/http/handler";

// POST /api/admin/broadcasts/{id}/cancel - stops a running broadcast; its unsent messages are dropped
export const POST = withAdmin({ response: adminBroadcastSchema }, ({ db, operator, params }) =>
  stopBroadcast({ db, operator, id: broadcastId(params.id) }),
);
