import { adminUsersQuerySchema, adminUsersResponseSchema } from "@/lib/contracts/admin-users";
import { searchUsers } from "@/lib/server/admin/users";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/users?q=&page= - users by Telegram id, username or name, newest first
export const GET = withAdmin({ query: adminUsersQuerySchema, response: adminUsersResponseSchema }, ({ db, query }) =>
  searchUsers({ db, ...query }),
);
