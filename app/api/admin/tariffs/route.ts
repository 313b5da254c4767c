import { adminTariffsResponseSchema } from "@/lib/contracts/admin-catalogue";
import { listAdminTariffs } from "@/lib/server/admin/catalogue/tariffs";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/tariffs - every tariff with its price, balances and models
export const GET = withAdmin({ response: adminTariffsResponseSchema }, ({ db }) => listAdminTariffs({ db }));
