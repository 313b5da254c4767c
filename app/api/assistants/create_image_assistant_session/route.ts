import { imageAssistantSessionQuerySchema, imageAssistantSessionResponseSchema } from "@/lib/contracts/assistants";
import { withUser } from "@/lib/server/http/handler";
import { launchImageAssistant } from "@/lib/server/sessions/launch";

// GET /api/assistants/create_image_assistant_session - start an image assistant (action_type text or photo)
export const GET = withUser(
  { query: imageAssistantSessionQuerySchema, rateLimit: "launch", response: imageAssistantSessionResponseSchema },
  async ({ db, user, query }) =>
    launchImageAssistant({
      db,
      user,
      assistantId: query.assistant_id,
      modelId: query.model_id,
      actionType: query.action_type,
    }),
);
