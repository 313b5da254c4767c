import { notificationsResponseSchema } from "@/lib/contracts/notifications";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { listNotifications } from "@/lib/server/notifications/list";

// GET /api/user/notifications - the header bell: the caller's latest payments and finished videos
export const GET = withUser({ response: notificationsResponseSchema }, async ({ db, user }) =>
  listNotifications({ db, userId: user.id, language: userLanguage(user) }),
);
