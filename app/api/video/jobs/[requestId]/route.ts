import { videoJobParamsSchema, videoJobStatusResponseSchema } from "@/lib/contracts/video";
import { withUser } from "@/lib/server/http/handler";
import { videoJobStatus } from "@/lib/server/video/generate";

// GET /api/video/jobs/{requestId} - where the caller's generation sent with this Idempotency-Key stands
export const GET = withUser({ response: videoJobStatusResponseSchema }, async ({ db, user, params }) =>
  videoJobStatus({ db, userId: user.id, requestId: videoJobParamsSchema.parse(params).requestId }),
);
