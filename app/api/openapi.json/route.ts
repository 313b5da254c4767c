import { openApiDocumentResponseSchema } from "@/lib/contracts/openapi";
import { apiCalls } from "@/lib/contracts/calls";
import { createCustomTariffPaymentBodySchema, customTariffValuesSchema } from "@/lib/contracts/tariff";
import { withPublic } from "@/lib/server/http/handler";
import { openApiDocument } from "@/lib/server/http/openapi";
import { getCustomBounds } from "@/lib/server/tariffs/catalogue";

// GET /api/openapi.json - the OpenAPI 3.1 document of every call, generated from lib/contracts/calls.ts,
// with the Custom tariff's dials bounded as the catalogue bounds them now (what the server checks).
export const GET = withPublic({ response: openApiDocumentResponseSchema }, async ({ db }) => {
  const bounds = await getCustomBounds({ db });
  const createCustom = apiCalls["POST /api/tariff/create_custom"];
  return openApiDocument({
    "POST /api/tariff/create_custom": {
      ...createCustom,
      body: createCustomTariffPaymentBodySchema.extend(customTariffValuesSchema(bounds).shape),
    },
  });
});
