import "server-only";
import { ApiError } from "@/lib/server/http/api-error";

/** A broadcast id from the path; anything but a positive integer names no broadcast (404). */
export function broadcastId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id <= 0 || String(id) !== raw)
    throw new ApiError("not_found", "No broadcast with this id");
  return id;
}
