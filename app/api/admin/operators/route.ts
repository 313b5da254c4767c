import { operatorListResponseSchema } from "@/lib/contracts/admin-operators";
import { listOperators } from "@/lib/server/admin/operators";
import { withAdmin } from "@/lib/server/http/handler";

// GET /api/admin/operators - every operator with their role (owners only)
export const GET = withAdmin({ response: operatorListResponseSchema }, ({ db }) => listOperators(db));
