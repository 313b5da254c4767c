import { adminBroadcastSchema } from "@/lib/contracts/admin-broadcasts";
import { broadcastId } from "@/lib/server/broadcasts/broadcast-id";
import { showBroadcast } from "@/lib/server/broadcasts/operator";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/broadcasts/{id} - a broadcast's progress: sent, failed, blocked, left
export const GET = withAdmin({ response: adminBroadcastSchema }, ({ db, params }) =>
  showBroadcast({ db, id: broadcastId(params.id) }),
);
