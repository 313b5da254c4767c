import "server-only";
import type { Db } from "@/db";
import type { VideoCostResponse } from "@/lib/contracts/video";
import type { Caller } from "@/lib/server/users";
import { estimatedCost, getVideoModelOrThrow } from "./model";

/** GET /api/video/check-model-cost/{modelName}: whether the caller's video quota covers one clip. */
export async function checkVideoModelCost({
  db,
  caller,
  modelName,
}: {
  db: Db;
  caller: Caller;
  modelName: string;
}): Promise<VideoCostResponse> {
  const video = await getVideoModelOrThrow({ db, subscription: caller.subscription, modelName });
  const cost = estimatedCost(video);
  const balance = caller.quotas.video_tokens;
  return { can_afford: balance >= cost, user_video_balance: balance, estimated_cost: cost };
}
