import { channelCreateBodySchema, channelListResponseSchema, channelSchema } from "@/lib/contracts/admin-channels";
import { audited } from "@/lib/server/admin/audit";
import { createChannel, listChannels } from "@/lib/server/channels/admin";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/channels - every provider channel, in the order calls try them (keys masked)
export const GET = withAdmin({ response: channelListResponseSchema }, async ({ db }) => ({ items: await listChannels(db) }));

// POST /api/admin/channels - a new channel with the models it serves (audited)
export const POST = withAdmin({ body: channelCreateBodySchema, response: channelSchema }, ({ db, operator, body }) =>
  audited({ db, operator }, (tx) => createChannel(tx, body)),
);
