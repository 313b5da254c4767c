import { channelCreateBodySchema, channelListResponseSchema, channelSchema } from "@/lib/contracts/admin-channels";
import { catalogueChange } from "@/lib/server/admin/catalogue/change";
import { createChannel, listChannels } from "@/lib/server/channels/admin";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/channels - every provider channel, in the order calls try them (keys masked)
export const GET = withAdmin({ response: channelListResponseSchema }, async ({ db }) => ({
  items: await listChannels(db),
}));

// POST /api/admin/channels - a new channel with the models it serves (audited)
export const POST = withAdmin({ body: channelCreateBodySchema, response: channelSchema }, ({ db, operator, body }) =>
  catalogueChange({ db, operator }, (tx) => createChannel(tx, body)),
);
