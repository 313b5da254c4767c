import "server-only";
import { ZodError, type ZodType } from "zod";
import { getDb, openDb, type Db } from "@/db";
import { verifyOperatorToken, verifyToken } from "@/lib/server/auth/jwt";
import { findOperator, type SignedInOperator } from "@/lib/server/admin/operators";
import { checkAccess } from "@/lib/server/admin/access";
import { enforceRateLimit, type RateLimitBucket } from "@/lib/server/rate-limit";
import { RATE_LIMITS } from "@/lib/server/rate-limit/limits";
import { findCaller, type Caller } from "@/lib/server/users";
import { translatorFor } from "@/lib/server/translator";
import { ApiError } from "./api-error";
import { databaseErrorToApiError } from "./db-errors";
import { containsNul, readJsonBody } from "./json-body";
import { isMultipart, readForm, type MultipartContract, type ReceivedForm } from "./multipart";
import { requestClientAddress } from "./request-address";
import { loggedRequest } from "./request-log";
import { observeRequest, routePattern } from "@/lib/server/metrics/http";
import { log } from "@/lib/server/log";
import { JsonText, jsonTextResponse } from "./json-text";

type RouteContext = { params: Promise<Record<string, string | string[]>> };

type Schemas<B, Q, R> = {
  body?: ZodType<B>;
  query?: ZodType<Q>;
  /**
   * What the call answers (lib/contracts/<segment>.ts): the handler's return is typed by it, and the
   * API tests parse every answer with it; it is not re-checked at run time (docs/decisions/0120-response-contracts.md).
   * A handler may return a Response of its own instead (a file, a redirect).
   */
  response: ZodType<R>;
  /** Counted before the body is read (docs/product/limits.md); 429 with Retry-After past the limit. */
  rateLimit?: RateLimitBucket;
  /** Runs before anything is parsed (a webhook's secret header): throw an ApiError to refuse. */
  authorize?: (req: Request) => void;
};

export type PublicContext<B, Q> = {
  req: Request;
  db: Db;
  body: B;
  query: Q;
  params: Record<string, string>;
};

/** `user` is the caller with their subscription and quotas, read in one query (lib/server/users.ts). */
export type UserContext<B, Q> = PublicContext<B, Q> & { user: Caller };

/** `operator` is the console's signed-in operator with their role (docs/product/console.md). */
export type AdminContext<B, Q> = PublicContext<B, Q> & { operator: SignedInOperator };

/**
 * The JSON error envelope. A plain Response.json: NextResponse.json builds this same Response and then
 * copies it into a NextResponse for its cookie helpers, which no answer here uses (the headers are the same).
 */
export function errorResponse(error: ApiError): Response {
  return Response.json(
    {
      error: {
        ...error.details,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      },
    },
    {
      status: error.status,
      headers: error.retryAfterSeconds ? { "retry-after": String(Math.ceil(error.retryAfterSeconds)) } : undefined,
    },
  );
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) {
    const fields: Record<string, string[]> = {};
    for (const issue of error.issues) {
      const key = issue.path.join(".") || "_";
      (fields[key] ??= []).push(issue.message);
    }
    return new ApiError("bad_request", "Invalid input", fields);
  }
  const fromDatabase = databaseErrorToApiError(error);
  if (fromDatabase) return fromDatabase;
  log().error({ err: error }, "unhandled error");
  return new ApiError("internal", "Internal server error");
}

/** What every wrapper reads of a request before its own checks: its URL, parsed once, and its route parameters. */
type Arrival = { url: URL; params: Promise<Record<string, string>> };

/** The query string by the call's contract (checked before the body is read). */
function parseQuery<Q>(url: URL, schema: ZodType<Q> | undefined): Q {
  const rawQuery = Object.fromEntries(url.searchParams);
  if (containsNul(rawQuery)) throw new ApiError("bad_request", "NUL characters are not allowed");
  return schema ? schema.parse(rawQuery) : (undefined as Q);
}

/** The query string, then the body (read only when the call takes one), by the call's contract. */
async function parseInput<B, Q>(
  req: Request,
  url: URL,
  schemas: Pick<Schemas<B, Q, unknown>, "body" | "query">,
): Promise<{ query: Q; body: B }> {
  const query = parseQuery(url, schemas.query);
  const body = schemas.body ? schemas.body.parse(await readJsonBody(req)) : (undefined as B);
  return { query, body };
}

async function flattenParams(context?: RouteContext): Promise<Record<string, string>> {
  const raw = (await context?.params) ?? {};
  const params = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Array.isArray(v) ? v.join("/") : v]));
  if (containsNul(params)) throw new ApiError("bad_request", "NUL characters are not allowed");
  return params;
}

/** The rate-limit key of the request's client address. */
export const addressKey = (req: Request) => `ip:${requestClientAddress(req) ?? "unknown"}`;

async function limitRate(req: Request, db: Db, bucket: RateLimitBucket, user?: Pick<Caller, "id">): Promise<void> {
  const byUser = RATE_LIMITS[bucket].per === "user" && user;
  const key = byUser ? `user:${user.id}` : addressKey(req);
  await enforceRateLimit({ db, bucket, key });
}

const ignore = () => {};
const noParams = (): Record<string, string> => ({});

/**
 * Logs the request (request-log.ts) and counts it in the metrics under its route pattern
 * (lib/server/metrics/http.ts): every wrapper below answers through here. The route parameters are
 * flattened once: the wrapper reads them where its checks put them (a NUL in one is a 400 there),
 * the metrics read them afterwards (any route parameters at all there).
 */
async function handled(
  req: Request,
  context: RouteContext | undefined,
  handle: (arrival: Arrival) => Promise<Response>,
): Promise<Response> {
  const started = performance.now();
  const url = new URL(req.url);
  const params = flattenParams(context);
  params.catch(ignore); // read by the wrapper (which answers its error) and below
  const response = await loggedRequest(req, url.pathname, () => handle({ url, params }));
  observeRequest({
    route: routePattern(url.pathname, await params.catch(noParams)),
    method: req.method,
    status: response.status,
    seconds: (performance.now() - started) / 1000,
  });
  return response;
}

/**
 * What a handler may return: the call's answer, the same already as JSON (a cached catalogue answer:
 * json-text.ts), or a Response of its own.
 */
type Answer<R> = Promise<NoInfer<R> | JsonText<NoInfer<R>> | Response>;

/** A handler's result: its own Response or ready JSON as it is, anything else as JSON (Response.json: see errorResponse). */
function respond(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result instanceof JsonText) return jsonTextResponse(result);
  return Response.json(result ?? {});
}

/** A route open to anyone (login, health, webhooks that authenticate themselves). */
export function withPublic<R, B = undefined, Q = undefined>(
  schemas: Schemas<B, Q, R>,
  handler: (ctx: PublicContext<B, Q>) => Answer<R>,
) {
  return (req: Request, context?: RouteContext): Promise<Response> =>
    handled(req, context, async ({ url, params: arrived }) => {
      try {
        schemas.authorize?.(req);
        const params = await arrived;
        const db = openDb() ?? (await getDb());
        if (schemas.rateLimit) await limitRate(req, db, schemas.rateLimit);
        const { query, body } = await parseInput(req, url, schemas);
        return respond(await handler({ req, db, body, query, params }));
      } catch (error) {
        return errorResponse(toApiError(error));
      }
    });
}

/** A route for a signed-in user: 401 without a valid bearer token, then parse, then the handler. */
export function withUser<R, B = undefined, Q = undefined>(
  schemas: Schemas<B, Q, R>,
  handler: (ctx: UserContext<B, Q>) => Answer<R>,
) {
  return (req: Request, context?: RouteContext): Promise<Response> =>
    handled(req, context, async ({ url, params: arrived }) => {
      try {
        const header = req.headers.get("authorization") ?? "";
        const match = /^Bearer\s+(\S+)$/i.exec(header);
        const userId = match ? await verifyToken(match[1]) : null;
        if (!userId) throw new ApiError("unauthorized", "A valid bearer token is required");
        const db = openDb() ?? (await getDb());
        const user = await findCaller({ db, userId });
        if (!user) throw new ApiError("unauthorized", "Unknown user");
        // Blocked by an operator (docs/product/console.md#users): every call is refused, in their language.
        if (user.blockedAt)
          throw new ApiError("forbidden", translatorFor(user.language, "admin.blockedUser")("api"), undefined, {
            reason: "blocked",
          });
        if (schemas.rateLimit) await limitRate(req, db, schemas.rateLimit, user);
        const params = await arrived;
        const { query, body } = await parseInput(req, url, schemas);
        return respond(await handler({ req, db, user, body, query, params }));
      } catch (error) {
        return errorResponse(toApiError(error));
      }
    });
}

/**
 * A route of the operator console (/api/admin/*): 401 without a valid operator token (a mini-app
 * token is not one), 403 when its Telegram id is no operator (lib/server/admin/operators.ts), then the
 * "admin" rate limit per operator, 403 when the operator's role may not make this call
 * (lib/server/admin/access.ts), then parse and the handler. A handler that changes data writes it through
 * `audited()` (lib/server/admin/audit.ts), so the change and its audit row share one transaction.
 */
export function withAdmin<R, B = undefined, Q = undefined>(
  schemas: Omit<Schemas<B, Q, R>, "rateLimit" | "authorize">,
  handler: (ctx: AdminContext<B, Q>) => Answer<R>,
) {
  return (req: Request, context?: RouteContext): Promise<Response> =>
    handled(req, context, async ({ url, params: arrived }) => {
      try {
        const match = /^Bearer\s+(\S+)$/i.exec(req.headers.get("authorization") ?? "");
        const telegramId = match ? await verifyOperatorToken(match[1]) : null;
        if (!telegramId) throw new ApiError("unauthorized", "A valid operator token is required");
        const db = openDb() ?? (await getDb());
        const operator = await findOperator(db, telegramId);
        if (!operator) throw new ApiError("forbidden", "This Telegram account is not an operator");
        await enforceRateLimit({ db, bucket: "admin", key: `operator:${telegramId}` });
        const params = await arrived;
        checkAccess(`${req.method} ${routePattern(url.pathname, params)}`, operator.role);
        const { query, body } = await parseInput(req, url, schemas);
        return respond(await handler({ req, db, operator, body, query, params }));
      } catch (error) {
        return errorResponse(toApiError(error));
      }
    });
}

type FormSchemas<F, K extends string, B, R> = {
  form: MultipartContract<F, K>;
  /** What the call answers, as for withUser. */
  response: ZodType<R>;
  /** A JSON body the route takes instead of the form; without it anything but multipart is 415. */
  body?: ZodType<B>;
  rateLimit?: RateLimitBucket;
  /** Runs before the body is read (a route switched off in this mode): throw an ApiError to refuse. */
  refuseEarly?: () => void;
};

/** The form, or (for a route that also takes JSON) the body; `form` tells which came. */
type FormInput<F, K extends string, B> = [B] extends [never]
  ? { form: ReceivedForm<F, K>; body: undefined }
  : { form: ReceivedForm<F, K>; body: undefined } | { form: undefined; body: B };

/**
 * A signed-in user's route that takes multipart/form-data (withUser's checks, then the form read by
 * its contract in lib/server/http/multipart.ts), so its service gets typed fields and files.
 */
export function withUserForm<R, F, K extends string, B = never>(
  schemas: FormSchemas<F, K, B, R>,
  handler: (ctx: Omit<UserContext<undefined, undefined>, "body"> & FormInput<F, K, B>) => Answer<R>,
) {
  return withUser({ rateLimit: schemas.rateLimit, response: schemas.response }, async (ctx) => {
    schemas.refuseEarly?.();
    const input =
      schemas.body && !isMultipart(ctx.req)
        ? { form: undefined, body: schemas.body.parse(await readJsonBody(ctx.req)) }
        : { form: await readForm(ctx.req, schemas.form), body: undefined };
    return handler({ ...ctx, ...(input as FormInput<F, K, B>) });
  });
}
