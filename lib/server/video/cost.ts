import "server-only";
import type { Db } from "@/db";
import type { VideoCostResponse } from "@/lib/contracts/video";
import { getRemainingQuotas } from "@/lib/server/tariffs/current-tariff";
import { estimatedCost, getVideoModelOrThrow } from "./model";

/** GET /api/video/check-model-cost/{modelName}: whether the caller's video quota covers one clip. */
export async function checkVideoModelCost({ db, userId, modelName }: { db: Db; userId: number; modelName: string }): Promise<VideoCostResponse> {
  const video = await getVideoModelOrThrow({ db, userId, modelName });
  const cost = estimatedCost(video);
  const balance = (await getRemainingQuotas({ db, userId })).video_tokens;
  return { can_afford: balance >= cost, user_video_balance: balance, estimated_cost: cost };
}
