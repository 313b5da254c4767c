import { healthQuerySchema, healthResponseSchema } from "@/lib/contracts/health";
import { isDraining } from "@/lib/server/drain";
import { checkDatabase, checkReadiness } from "@/lib/server/health";
import { ApiError } from "@/lib/server/http/api-error";
import { withPublic } from "@/lib/server/http/handler";

// GET /api/health - liveness (the database answers); ?ready=1 adds the job backlog (readiness), 503 while the instance drains
export const GET = withPublic({ query: healthQuerySchema, response: healthResponseSchema }, async ({ db, query }) => {
  if (query.ready && isDraining())
    throw new ApiError("service_unavailable", "The instance is draining before it stops: send it no new requests");
  return query.ready ? checkReadiness({ db }) : checkDatabase({ db });
});
