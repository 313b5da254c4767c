import { textSessionQuerySchema, textSessionResponseSchema } from "@/lib/contracts/models";
import { withUser } from "@/lib/server/http/handler";
import { launchModel } from "@/lib/server/sessions/launch";

// GET /api/models/text/session - start a dialogue with a text model
export const GET = withUser(
  { query: textSessionQuerySchema, rateLimit: "launch", response: textSessionResponseSchema },
  async ({ db, user, query }) => launchModel({ db, user, modelId: query.model_id, action: "text" }),
);
