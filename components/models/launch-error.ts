import { ApiRequestError } from "@/lib/client/api-client";

export type LaunchErrorKind = "forbidden" | "notFound" | "rateLimited" | "other";

/** What kind of failure a launch met, so screens can say it in the user's language. */
export function launchErrorKind(error: unknown): LaunchErrorKind {
  if (error instanceof ApiRequestError && error.status === 403) return "forbidden";
  if (error instanceof ApiRequestError && error.status === 404) return "notFound";
  if (error instanceof ApiRequestError && error.status === 429) return "rateLimited";
  return "other";
}
