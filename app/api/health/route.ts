import { z } from "zod";
import { checkDatabase, checkReadiness } from "@/lib/server/health";
import { withPublic } from "@/lib/server/http/handler";

const healthQuerySchema = z.object({ ready: z.enum(["1", "true"]).optional() });

// GET /api/health - liveness (the database answers); ?ready=1 adds the job backlog (readiness)
export const GET = withPublic({ query: healthQuerySchema }, async ({ db, query }) => (query.ready ? checkReadiness({ db }) : checkDatabase({ db })));
