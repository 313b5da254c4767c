import { createDataResponseSchema } from "@/lib/contracts/tariff";
import { withUser } from "@/lib/server/http/handler";
import { userLanguage } from "@/lib/server/users";
import { getCreateData } from "@/lib/server/tariffs/catalogue";

// GET /api/tariff/create_data - rates and slider bounds for the custom tariff builder
export const GET = withUser({ response: createDataResponseSchema }, async ({ db, user }) =>
  getCreateData({ db, language: userLanguage(user) }),
);
