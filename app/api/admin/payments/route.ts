import { adminPaymentsQuerySchema, adminPaymentsResponseSchema } from "@/lib/contracts/admin-payments";
import { withAdmin } from "@/lib/server/http/handler";
import { listPaymentsForOperator } from "@/lib/server/payments/operator-list";

// GET /api/admin/payments?status=&provider=&page= - every user's payments, newest first
export const GET = withAdmin(
  { query: adminPaymentsQuerySchema, response: adminPaymentsResponseSchema },
  ({ db, query }) => listPaymentsForOperator({ db, query }),
);
