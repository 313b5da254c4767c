import "server-only";
import crypto from "node:crypto";
import { ApiError } from "./api-error";

/**
 * Constant-time check of a bearer secret from the Authorization header: a route whose secret is not
 * configured does not exist (404), a wrong or missing one is 401.
 */
export function assertBearerSecret({
  authorization,
  secret,
  name,
}: {
  authorization: string | null;
  secret: string | undefined;
  name: string;
}): void {
  if (!secret) throw new ApiError("not_found", `Not found: ${name} is not set`);
  const given = Buffer.from((authorization ?? "").replace(/^Bearer\s+/i, ""));
  const expected = Buffer.from(secret);
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) {
    throw new ApiError("unauthorized", `A valid bearer token (${name}) is required`);
  }
}
