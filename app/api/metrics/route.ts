import { metricsResponseSchema } from "@/lib/contracts/metrics";
import { env } from "@/lib/env";
import { assertBearerSecret } from "@/lib/server/http/bearer-secret";
import { withPublic } from "@/lib/server/http/handler";
import { metricsExposition } from "@/lib/server/metrics/exposition";

// GET /api/metrics - Prometheus metrics (Bearer METRICS_TOKEN; 404 when it is not set)
export const GET = withPublic(
  {
    authorize: (req) =>
      assertBearerSecret({
        authorization: req.headers.get("authorization"),
        secret: env.METRICS_TOKEN,
        name: "METRICS_TOKEN",
      }),
    response: metricsResponseSchema,
  },
  async () => metricsExposition(),
);
