import { assistantSessionQuerySchema, assistantSessionResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { launchAssistant } from "@/lib/server/sessions/launch";

// GET /api/assistants/id - start a text assistant with a text model
export const GET = withUser(
  { query: assistantSessionQuerySchema, rateLimit: "launch", response: assistantSessionResponseSchema },
  async ({ db, user, query }) =>
    launchAssistant({ db, user, assistantId: query.assistant_id, modelId: query.model_id }),
);
