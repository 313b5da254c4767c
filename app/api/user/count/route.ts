import { userCountResponseSchema } from "@/lib/contracts/user";
import { withUser } from "@/lib/server/http/handler";
import { getUserCount } from "@/lib/server/sessions/user-count";

// GET /api/user/count - how many dialogue sessions, favourites and messages the caller has
export const GET = withUser({ response: userCountResponseSchema }, async ({ db, user }) =>
  getUserCount({ db, userId: user.id }),
);
