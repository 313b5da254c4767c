import "server-only";
import { z, type ZodType } from "zod";
import { apiCalls, type CallAuth, type CallContract } from "@/lib/contracts/calls";

// GET /api/openapi.json: the OpenAPI 3.1 document of every call, generated from the contracts table
// (lib/contracts/calls.ts) with zod's own JSON Schema output, so it can never drift from the code:
// each operation's summary, tag (its URL segment), security and 4xx answers come from the table too.

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 is OpenAPI 3.1's schema dialect; the per-schema `$schema` is left to the document. */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

/** The security scheme each kind of caller proves itself with (CallAuth in lib/contracts/calls.ts). */
const SCHEME_OF: Record<Exclude<CallAuth, "public">, string> = {
  user: "userToken",
  operator: "operatorToken",
  telegram: "telegramWebhookSecret",
  metrics: "metricsToken",
  cron: "cronSecret",
};

const securitySchemes: Record<string, JsonSchema> = {
  userToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A mini-app session token from POST /api/auth/telegram-login.",
  },
  operatorToken: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description:
      "A console token from POST /api/admin/auth, /api/admin/auth/redeem or /api/admin/auth/demo (a session token is not one); its Telegram id must still be in ADMIN_TELEGRAM_IDS.",
  },
  telegramWebhookSecret: {
    type: "apiKey",
    in: "header",
    name: "X-Telegram-Bot-Api-Secret-Token",
    description: "TELEGRAM_WEBHOOK_SECRET, which Telegram sends with every update (registered by npm run bot:webhook).",
  },
  metricsToken: {
    type: "http",
    scheme: "bearer",
    description: "METRICS_TOKEN; without it set the call answers 404.",
  },
  cronSecret: {
    type: "http",
    scheme: "bearer",
    description: "CRON_SECRET, for a host's scheduler; without it set the call answers 404.",
  },
};

/** One line per URL segment: the document's tags. */
export const TAG_DESCRIPTIONS: Record<string, string> = {
  admin: "The operator console: catalogue, users, payments, broadcasts, channels, audit, dashboard",
  assistants: "Assistants and their categories; starting an assistant's session",
  auth: "Signing in to the mini-app",
  demo: "Demo mode only (404 otherwise): launch data, the demo bot chat, sample history",
  files: "Stored files by signed link",
  health: "Liveness and readiness",
  history: "The caller's dialogue sessions",
  jobs: "Background jobs run by a host's scheduler",
  metrics: "Prometheus metrics",
  models: "The model catalogue and starting a model's session",
  "openapi.json": "This document",
  package: "Add-on packages of quota units",
  payments: "Payment providers' callbacks and the sandbox checkout",
  promo: "Promo codes a user redeems",
  referral: "Referral codes and the referral balance",
  settings: "Language, auto-payment and the caller's payments",
  tariff: "Tariffs and their payments",
  telegram: "The bot's webhook",
  user: "The caller's account: tariff, quotas, usage, favourites, notifications",
  video: "Video generation",
};

/** The answers every 4xx status stands for; `errorEnvelope` is their body (docs/product/errors.md). */
const REFUSAL_DESCRIPTIONS: Record<number, string> = {
  400: "Input outside the call's contract (the fields in error.fields), JSON that does not parse, or a NUL character",
  401: "No valid credentials for the call's security scheme",
  402: "Not enough units left of the quota the call spends",
  403: "Refused to this caller: a blocked user, an account no longer an operator, or what the caller's tariff or state does not allow",
  404: "Nothing of the caller's with this id, or a call switched off in this mode",
  409: "Conflicts with the current state (an open payment, a taken name, a request still being processed)",
  413: "The body is larger than the call takes (docs/product/limits.md)",
  415: "The body is not of a type the call takes",
  416: "The Range asked for lies outside the file (no body; Content-Range gives the size)",
  429: "Too many requests; Retry-After says when to try again",
  503: "The instance is draining before it stops (the readiness probe): send new requests to another instance",
};

const errorEnvelope: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: {
          type: "string",
          description: "What went wrong, stable for code to test (bad_request, not_found, conflict …)",
        },
        message: { type: "string", description: "For people: the reason, in the caller's language where it is shown" },
        fields: {
          type: "object",
          description: "400 only: each refused field (dotted path) with its problems",
          additionalProperties: { type: "array", items: { type: "string" } },
        },
      },
      description: "A few answers add figures of their own beside these (a 402's balance and cost).",
    },
  },
};

function refusalResponse(status: number): JsonSchema {
  const description = REFUSAL_DESCRIPTIONS[status];
  if (status === 416)
    return {
      description,
      headers: { "Content-Range": { schema: { type: "string" }, description: "bytes */<size>" } },
    };
  return {
    description,
    ...(status === 429
      ? {
          headers: {
            "Retry-After": {
              schema: { type: "integer", minimum: 1 },
              description: "Seconds to wait before trying again",
            },
          },
        }
      : {}),
    content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
  };
}

/** A call that answers nothing but errors: the catch-all for paths no route serves, which is no call to document. */
const isNoCall = (call: CallContract) => call.response instanceof z.ZodNever && !call.binary;

/**
 * Every 4xx status a call can answer: what its contract lists (`refuses`) and what its auth and input
 * give it: 400 always (the wrapper refuses bad input and NUL characters on every call), 401 without
 * the credentials it needs, 403 for a blocked user or a former operator, 404 for a bearer secret that
 * is not set, 429 for the console's per-operator limit, 413 and 415 for a body (lib/server/http/handler.ts).
 */
export function refusalsOf(call: CallContract): number[] {
  const statuses = new Set<number>(call.refuses ?? []);
  if (!isNoCall(call)) statuses.add(400);
  if (call.auth !== "public") statuses.add(401);
  if (call.auth === "user" || call.auth === "operator") statuses.add(403);
  if (call.auth === "metrics" || call.auth === "cron") statuses.add(404);
  if (call.auth === "operator") statuses.add(429);
  if (call.body || call.form) {
    statuses.add(413);
    statuses.add(415);
  }
  return [...statuses].sort((a, b) => a - b);
}

function parametersIn(where: "query" | "header", schema: ZodType | undefined): JsonSchema[] {
  if (!schema) return [];
  const json = jsonSchema(schema, "input");
  const properties = (json.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json.required ?? []) as string[]);
  return Object.entries(properties).map(([name, { description, ...property }]) => ({
    name,
    in: where,
    required: required.has(name),
    ...(description ? { description } : {}),
    schema: property,
  }));
}

function pathParameters(path: string, params: ZodType | undefined): JsonSchema[] {
  const properties = params ? ((jsonSchema(params, "input").properties ?? {}) as Record<string, JsonSchema>) : {};
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => {
    const { description, ...schema } = properties[name] ?? { type: "string" };
    return { name, in: "path", required: true, ...(description ? { description } : {}), schema };
  });
}

function requestBody(call: CallContract): JsonSchema | undefined {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (call.body) content["application/json"] = { schema: jsonSchema(call.body, "input") };
  if (call.form) content["multipart/form-data"] = { schema: jsonSchema(call.form, "input") };
  return Object.keys(content).length ? { required: true, content } : undefined;
}

function successResponses(call: CallContract): Record<string, JsonSchema> {
  if (!call.binary)
    return {
      "200": {
        description: "Success",
        content: { "application/json": { schema: jsonSchema(call.response, "output") } },
      },
    };
  const { mediaType, description, ranges } = call.binary;
  const bytes = { [mediaType]: { schema: { type: "string", contentMediaType: mediaType } } };
  return {
    "200": { description, content: bytes },
    ...(ranges ? { "206": { description: "The byte range asked for in Range", content: bytes } } : {}),
  };
}

/** "GET /api/tariff/create" → GET_api_tariff_create: unique, and stable while the URL is. */
const operationIdOf = (key: string) => key.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, "");

/** The URL segment after /api: the operation's tag. */
export const tagOf = (path: string) => path.split("/")[2];

function operation(key: string, path: string, call: CallContract): JsonSchema {
  const parameters = [
    ...pathParameters(path, call.params),
    ...parametersIn("query", call.query),
    ...parametersIn("header", call.headers),
  ];
  const body = requestBody(call);
  return {
    operationId: operationIdOf(key),
    summary: call.summary,
    tags: [tagOf(path)],
    security: call.auth === "public" ? [] : [{ [SCHEME_OF[call.auth]]: [] }],
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...successResponses(call),
      ...Object.fromEntries(
        refusalsOf(call).map((status) => [String(status), { $ref: `#/components/responses/${status}` }]),
      ),
      default: {
        description: "A failure of the server or a provider behind it (5xx), in the error envelope",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
}

/**
 * The document. `contracts` replaces a call's contract where the server knows more at run time than
 * the table does (GET /api/openapi.json passes the Custom tariff's bounds from the catalogue).
 */
export function openApiDocument(contracts: Partial<Record<keyof typeof apiCalls, CallContract>> = {}) {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const tags = new Set<string>();
  const refusals = new Set<number>();
  for (const [key, tableCall] of Object.entries(apiCalls) as [keyof typeof apiCalls, CallContract][]) {
    const call = contracts[key] ?? tableCall;
    if (isNoCall(call)) continue;
    const [method, servedPath] = key.split(" ");
    // A route answers its path with and without a trailing slash; the document names it without.
    const path = servedPath.replace(/(.)\/$/, "$1");
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, path, call);
    tags.add(tagOf(path));
    for (const status of refusalsOf(call)) refusals.add(status);
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "AI assistant mini app API",
      version: "1.0.0",
      description:
        "Every call the server answers, generated from its contracts (lib/contracts/calls.ts). Every failure answers the JSON error envelope; any other path under /api answers 404, and a method a path does not serve 405 with Allow.",
    },
    servers: [{ url: "/", description: "The server that serves this document" }],
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    tags: [...tags].sort().map((name) => ({ name, description: TAG_DESCRIPTIONS[name] })),
    paths,
    components: {
      schemas: { Error: errorEnvelope },
      responses: Object.fromEntries([...refusals].sort().map((status) => [String(status), refusalResponse(status)])),
      securitySchemes,
    },
  };
}
