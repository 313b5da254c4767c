import { healthQuerySchema, healthResponseSchema } from "@/lib/contracts/health";
import { checkDatabase, checkReadiness } from "@/lib/server/health";
import { withPublic } from "@/lib/server/http/handler";

// GET /api/health - liveness (the database answers); ?ready=1 adds the job backlog (readiness)
export const GET = withPublic({ query: healthQuerySchema, response: healthResponseSchema }, async ({ db, query }) =>
  query.ready ? checkReadiness({ db }) : checkDatabase({ db }),
);
