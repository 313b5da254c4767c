import {
  channelDeleteResponseSchema,
  channelParamsSchema,
  channelPatchBodySchema,
  channelSchema,
} from "@/lib/contracts/admin-channels";
import { catalogueChange } from "@/lib/server/admin/catalogue/change";
import { deleteChannel, updateChannel } from "@/lib/server/channels/admin";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/channels/{id} - change the fields given; without api_key the key is kept (audited)
export const PATCH = withAdmin(
  { body: channelPatchBodySchema, response: channelSchema },
  ({ db, operator, body, params }) => {
    const { id } = channelParamsSchema.parse(params);
    return catalogueChange({ db, operator }, (tx) => updateChannel(tx, id, body));
  },
);

// DELETE /api/admin/channels/{id} - remove a channel and its model list (audited)
export const DELETE = withAdmin({ response: channelDeleteResponseSchema }, ({ db, operator, params }) => {
  const { id } = channelParamsSchema.parse(params);
  return catalogueChange({ db, operator }, (tx) => deleteChannel(tx, id));
});
