import {
  modelFallbackBodySchema,
  modelFallbackParamsSchema,
  modelFallbackResponseSchema,
} from "@/lib/contracts/admin-channels";
import { catalogueChange } from "@/lib/server/admin/catalogue/change";
import { setFallbackModel } from "@/lib/server/channels/fallback-model";
import { withAdmin } from "@/lib/server/http/handler";

// PUT /api/admin/models/{id}/fallback - the model that answers when all of this one's channels are down (audited)
export const PUT = withAdmin(
  { body: modelFallbackBodySchema, response: modelFallbackResponseSchema },
  ({ db, operator, body, params }) => {
    const { id } = modelFallbackParamsSchema.parse(params);
    return catalogueChange({ db, operator }, (tx) => setFallbackModel(tx, id, body.fallback_model));
  },
);
