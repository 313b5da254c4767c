import { withUser } from "@/lib/server/http/handler";
import { getStandardTariffs } from "@/lib/server/tariffs/catalogue";

// GET /api/tariff/standard - every tariff keyed by name, with balances and models
export const GET = withUser({}, async ({ db }) => getStandardTariffs({ db }));
