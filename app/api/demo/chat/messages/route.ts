import { demoChatMessagesQuerySchema, demoChatMessagesResponseSchema } from "@/lib/contracts/demo-chat";
import { withUser } from "@/lib/server/http/handler";
import { listDemoChat } from "@/lib/server/demo/chat/messages";

// GET /api/demo/chat/messages - the demo user's conversation with the bot, or what changed after ?after= (demo mode only, 404 otherwise)
export const GET = withUser(
  { query: demoChatMessagesQuerySchema, response: demoChatMessagesResponseSchema },
  ({ db, user, query }) => listDemoChat({ db, user, after: query.after }),
);
