import "server-only";
import { adminBroadcastParamsSchema } from "@/lib/contracts/admin-broadcasts";
import { ApiError } from "@/lib/server/http/api-error";

/** A broadcast id from the path, by its contract; anything else names no broadcast (404). */
export function broadcastId(raw: string | undefined): number {
  const parsed = adminBroadcastParamsSchema.safeParse({ id: raw });
  if (!parsed.success || String(parsed.data.id) !== raw) throw new ApiError("not_found", "No broadcast with this id");
  return parsed.data.id;
}
