import { openApiDocumentResponseSchema } from "@/lib/contracts/openapi";
import { apiCalls } from "@/lib/contracts/calls";
import { createCustomTariffPaymentBodySchema, customTariffValuesSchema } from "@/lib/contracts/tariff";
import { withPublic } from "@/lib/server/http/handler";
import { jsonText } from "@/lib/server/http/json-text";
import { openApiDocument } from "@/lib/server/http/openapi";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";
import { getCustomBounds } from "@/lib/server/tariffs/catalogue";

// GET /api/openapi.json - the OpenAPI 3.1 document of every call, generated from lib/contracts/calls.ts,
// with the Custom tariff's dials bounded as the catalogue bounds them now (what the server checks).
// Generating it takes a while, so it is kept as JSON until the catalogue changes
// (docs/decisions/0509-catalogue-answers-as-json.md).
export const GET = withPublic({ response: openApiDocumentResponseSchema }, ({ db }) =>
  cachedCatalogue(db, "openapi-document", async () => {
    const bounds = await getCustomBounds({ db });
    const createCustom = apiCalls["POST /api/tariff/create_custom"];
    return jsonText(
      openApiDocument({
        "POST /api/tariff/create_custom": {
          ...createCustom,
          body: createCustomTariffPaymentBodySchema.extend(customTariffValuesSchema(bounds).shape),
        },
      }),
    );
  }),
);
