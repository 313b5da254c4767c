import { modelSessionBodySchema, modelSessionResponseSchema } from "@/lib/contracts/models";
import { withUser } from "@/lib/server/http/handler";
import { launchModel } from "@/lib/server/sessions/launch";

// POST /api/models/session - start any model with one of its actions (default: its first)
export const POST = withUser(
  { body: modelSessionBodySchema, rateLimit: "launch", response: modelSessionResponseSchema },
  async ({ db, user, body }) => launchModel({ db, user, modelId: body.model_id, action: body.action }),
);
