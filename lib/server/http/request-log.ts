import "server-only";
import crypto from "node:crypto";
import { rootLogger } from "@/lib/server/log";
import { inRequestScope } from "@/lib/server/request-scope";
import { requestBase } from "./public-url";

// An id the caller (or a proxy in front of us) chose is kept, so one request can be followed across
// systems; anything else, including an id that could smuggle text into the logs, gets a fresh UUID.
const INCOMING_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * Handles one API request in its scope (lib/server/request-scope.ts: the request id every log line
 * inside it carries, provider calls included, and the base of its links), answers with X-Request-Id
 * and logs one line with method, route, status and duration. The route is the URL's path only: query
 * strings may hold signed links.
 */
export async function loggedRequest(req: Request, route: string, handle: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(req);
  const response = await inRequestScope({ requestId, base: requestBase(req) }, handle);
  const answer = withHeader(response, "x-request-id", requestId);
  // The same line a child logger with the request id would write (its bindings come first), without making one.
  rootLogger.info(
    {
      requestId,
      method: req.method,
      route,
      status: answer.status,
      durationMs: Math.round(performance.now() - started),
    },
    "request",
  );
  return answer;
}

// Responses built from fetch() or Response.redirect() have immutable headers: copy those.
function withHeader(response: Response, name: string, value: string): Response {
  try {
    response.headers.set(name, value);
    return response;
  } catch {
    const copy = new Response(response.body, response);
    copy.headers.set(name, value);
    return copy;
  }
}
