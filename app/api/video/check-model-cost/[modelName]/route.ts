import { videoCostParamsSchema, videoCostResponseSchema } from "@/lib/contracts/video";
import { withUser } from "@/lib/server/http/handler";
import { checkVideoModelCost } from "@/lib/server/video/cost";

// GET /api/video/check-model-cost/{modelName} - whether the caller's video quota covers one clip
export const GET = withUser({ response: videoCostResponseSchema }, ({ db, user, params }) =>
  checkVideoModelCost({ db, caller: user, modelName: videoCostParamsSchema.parse(params).modelName }),
);
