import "server-only";
import crypto from "node:crypto";
import { rootLogger, withLogger } from "@/lib/server/log";
import { withRequestBase } from "./public-url";

// An id the caller (or a proxy in front of us) chose is kept, so one request can be followed across
// systems; anything else, including an id that could smuggle text into the logs, gets a fresh UUID.
const INCOMING_ID = /^[\w.:-]{1,128}$/;

export function requestIdOf(req: Request): string {
  const incoming = req.headers.get("x-request-id");
  return incoming && INCOMING_ID.test(incoming) ? incoming : crypto.randomUUID();
}

/**
 * Handles one API request inside a logger that stamps its request id on every line (provider calls
 * included), answers with X-Request-Id and logs one line with method, route, status and duration.
 * The route is the path only: query strings may hold signed links.
 */
export async function loggedRequest(req: Request, handle: () => Promise<Response>): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(req);
  const logger = rootLogger.child({ requestId });
  const response = await withLogger(logger, () => withRequestBase(req, handle));
  const answer = withHeader(response, "x-request-id", requestId);
  logger.info(
    {
      method: req.method,
      route: new URL(req.url).pathname,
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
