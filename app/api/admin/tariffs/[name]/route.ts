import {
  adminTariffParamsSchema,
  adminTariffPatchSchema,
  adminTariffsResponseSchema,
} from "@/lib/contracts/admin-catalogue";
import { updateAdminTariff } from "@/lib/server/admin/catalogue/tariffs";
import { withAdmin } from "@/lib/server/http/handler";

// PATCH /api/admin/tariffs/{name} - price, balances, texts and models (audited; pending payments keep their amount)
export const PATCH = withAdmin(
  { body: adminTariffPatchSchema, response: adminTariffsResponseSchema.element },
  ({ db, operator, params, body }) =>
    updateAdminTariff({ db, operator, name: adminTariffParamsSchema.parse(params).name, patch: body }),
);
