import { demoChatUpdateResponseSchema } from "@/lib/contracts/demo-chat";
import { withUser } from "@/lib/server/http/handler";
import { findUserOrThrow } from "@/lib/server/users";
import { sendDemoUpdate } from "@/lib/server/demo-chat/updates";

// POST /api/demo/chat/updates - the demo user's message (JSON text, multipart file) or button press, stored as a bot update (demo mode only, 404 otherwise)
export const POST = withUser({ rateLimit: "demo-chat", response: demoChatUpdateResponseSchema }, async ({ db, user, req }) => sendDemoUpdate({ db, user: await findUserOrThrow({ db, userId: user.id }), req }));
