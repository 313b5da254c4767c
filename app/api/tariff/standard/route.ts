import { standardTariffsResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { getStandardTariffs } from "@/lib/server/tariffs/catalogue";

// GET /api/tariff/standard - every tariff keyed by name, with balances and models
export const GET = withUser({ response: standardTariffsResponseSchema }, async ({ db, user }) =>
  getStandardTariffs({ db, language: userLanguage(user) }),
);
