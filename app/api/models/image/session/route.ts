import { imageSessionQuerySchema, imageSessionResponseSchema } from "@/lib/contracts/models";
import { withUser } from "@/lib/server/http/handler";
import { launchImageModel } from "@/lib/server/sessions/launch";

// GET /api/models/image/session - start a session with an image model and one of its image actions
export const GET = withUser(
  { query: imageSessionQuerySchema, rateLimit: "launch", response: imageSessionResponseSchema },
  async ({ db, user, query }) => launchImageModel({ db, user, modelId: query.model_id, action: query.action }),
);
