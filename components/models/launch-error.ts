import { ApiRequestError } from "@/lib/client/api-client";
import { WriteAccessDeniedError } from "@/lib/client/host";

export type LaunchErrorKind = "forbidden" | "notFound" | "rateLimited" | "writeAccess" | "other";

/** What kind of failure a launch met, so screens can say it in the user's language. */
export function launchErrorKind(error: unknown): LaunchErrorKind {
  if (error instanceof WriteAccessDeniedError) return "writeAccess";
  if (error instanceof ApiRequestError && error.status === 403) return "forbidden";
  if (error instanceof ApiRequestError && error.status === 404) return "notFound";
  if (error instanceof ApiRequestError && error.status === 429) return "rateLimited";
  return "other";
}
