import { modelFallbackListResponseSchema } from "@/lib/contracts/admin-channels";
import { listFallbackModels } from "@/lib/server/channels/fallback-model";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/models/fallbacks - every model with its type and fallback model (the Channels tab's choices)
export const GET = withAdmin({ response: modelFallbackListResponseSchema }, async ({ db }) => ({
  items: await listFallbackModels(db),
}));
