import { packagesResponseSchema } from "@/lib/contracts/package";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { packageStore } from "@/lib/server/quotas/restore";

// GET /api/package/ - the package store (answers with and without the trailing slash)
export const GET = withUser({ response: packagesResponseSchema }, async ({ db, user }) =>
  packageStore({ db, userId: user.id, language: userLanguage(user) }),
);
