import { userStatisticResponseSchema } from "@/lib/contracts/user";
import { withUser } from "@/lib/server/http/handler";
import { getUserStatistic } from "@/lib/server/tariffs/user-tariff";

// GET /api/user/statistic - remaining quotas and the tariff's limits
export const GET = withUser({ response: userStatisticResponseSchema }, async ({ db, user }) =>
  getUserStatistic({ db, caller: user }),
);
