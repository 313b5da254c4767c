import { videoSendToChatBodySchema, videoSendToChatResponseSchema } from "@/lib/contracts/video";
import { withUser } from "@/lib/server/http/handler";
import { sendVideoToChat } from "@/lib/server/video/send-to-chat";

// POST /api/video/send-to-chat - the bot posts the caller's finished clip to their chat with it
export const POST = withUser(
  { body: videoSendToChatBodySchema, rateLimit: "bot-message", response: videoSendToChatResponseSchema },
  ({ db, user, body }) => sendVideoToChat({ db, caller: user, requestId: body.request_id }),
);
