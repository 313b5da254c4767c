import { demoChatJsonBodySchema, demoChatUpdateResponseSchema } from "@/lib/contracts/demo-chat";
import { withUserForm } from "@/lib/server/http/handler";
import { findUserOrThrow } from "@/lib/server/users";
import { assertDemoChat, sendDemoUpdate } from "@/lib/server/demo/chat/updates";
import { demoChatFileForm } from "@/lib/server/demo/chat/uploads";

// POST /api/demo/chat/updates - the demo user's message (JSON text, multipart file) or button press, stored as a bot update (demo mode only, 404 otherwise)
export const POST = withUserForm(
  {
    rateLimit: "demo-chat",
    form: demoChatFileForm,
    body: demoChatJsonBodySchema,
    refuseEarly: assertDemoChat,
    response: demoChatUpdateResponseSchema,
  },
  async ({ db, user, ...input }) => sendDemoUpdate({ db, user: await findUserOrThrow({ db, userId: user.id }), input }),
);
