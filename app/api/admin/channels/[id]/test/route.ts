import { channelParamsSchema, channelTestResponseSchema } from "@/lib/contracts/admin-channels";
import { testChannel } from "@/lib/server/channels/test";
import { withAdmin } from "@/lib/server/http/handler";

// POST /api/admin/channels/{id}/test - a minimal request per model the channel serves: status and latency (owners)
export const POST = withAdmin({ response: channelTestResponseSchema }, ({ db, params }) =>
  testChannel(db, channelParamsSchema.parse(params).id),
);
