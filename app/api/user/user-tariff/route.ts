import { userTariffResponseSchema } from "@/lib/contracts/user";
import { withUser } from "@/lib/server/http/handler";
import { getUserTariffStatus } from "@/lib/server/tariffs/user-tariff";

// GET /api/user/user-tariff - the caller's tariff name (null = Free) and its monthly price
export const GET = withUser({ response: userTariffResponseSchema }, async ({ db, user }) =>
  getUserTariffStatus({ db, caller: user }),
);
