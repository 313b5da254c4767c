import { runJobResponseSchema } from "@/lib/contracts/jobs";
import { withPublic } from "@/lib/server/http/handler";
import { assertCronSecret, runJobByName } from "@/lib/server/jobs/run-job";

// POST /api/jobs/{name} - run one background job now (a host's scheduler, with CRON_SECRET)
export const POST = withPublic(
  { authorize: (req) => assertCronSecret(req.headers.get("authorization")), response: runJobResponseSchema },
  async ({ db, params }) => runJobByName({ db, name: params.name ?? "" }),
);
