import "server-only";
import { z, type ZodType } from "zod";
import { apiCalls, type CallContract } from "@/lib/contracts/calls";

// GET /api/openapi.json: the OpenAPI 3.1 document of every call, generated from the contracts table
// (lib/contracts/calls.ts) with zod's own JSON Schema output, so it can never drift from the code.

type JsonSchema = Record<string, unknown>;

/** JSON Schema 2020-12 is OpenAPI 3.1's schema dialect; the per-schema `$schema` is left to the document. */
function jsonSchema(schema: ZodType, io: "input" | "output"): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as JsonSchema;
  return rest;
}

const errorEnvelope: JsonSchema = {
  type: "object",
  required: ["error"],
  properties: {
    error: {
      type: "object",
      required: ["code", "message"],
      properties: {
        code: { type: "string" },
        message: { type: "string" },
        fields: { type: "object", additionalProperties: { type: "array", items: { type: "string" } } },
      },
    },
  },
};

function queryParameters(query: ZodType | undefined): JsonSchema[] {
  if (!query) return [];
  const schema = jsonSchema(query, "input");
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: "query",
    required: required.has(name),
    schema: property,
  }));
}

function pathParameters(path: string, params: ZodType | undefined): JsonSchema[] {
  const properties = params ? ((jsonSchema(params, "input").properties ?? {}) as Record<string, JsonSchema>) : {};
  return [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
    name,
    in: "path",
    required: true,
    schema: properties[name] ?? { type: "string" },
  }));
}

function requestBody(call: CallContract): JsonSchema | undefined {
  const content: Record<string, { schema: JsonSchema }> = {};
  if (call.body) content["application/json"] = { schema: jsonSchema(call.body, "input") };
  if (call.form) content["multipart/form-data"] = { schema: jsonSchema(call.form, "input") };
  return Object.keys(content).length ? { required: true, content } : undefined;
}

function successResponse(call: CallContract): JsonSchema {
  if (call.binary)
    return {
      description: "The stored file",
      content: {
        "application/octet-stream": { schema: { type: "string", contentMediaType: "application/octet-stream" } },
      },
    };
  return { description: "Success", content: { "application/json": { schema: jsonSchema(call.response, "output") } } };
}

function operation(key: string, path: string, call: CallContract): JsonSchema {
  const parameters = [...pathParameters(path, call.params), ...queryParameters(call.query)];
  const body = requestBody(call);
  const answersOnlyErrors = call.response instanceof z.ZodNever && !call.binary;
  return {
    operationId: key.replace(/[^A-Za-z0-9]+/g, "_").replace(/_$/, ""),
    ...(parameters.length ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      ...(answersOnlyErrors ? {} : { "200": successResponse(call) }),
      default: {
        description: "The JSON error envelope",
        content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
      },
    },
  };
}

export function openApiDocument() {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [key, call] of Object.entries(apiCalls) as [string, CallContract][]) {
    const [method, path] = key.split(" ");
    (paths[path] ??= {})[method.toLowerCase()] = operation(key, path, call);
  }
  return {
    openapi: "3.1.0",
    info: { title: "AI assistant mini app API", version: "1.0.0" },
    jsonSchemaDialect: "https://json-schema.org/draft/2020-12/schema",
    paths,
    components: { schemas: { Error: errorEnvelope } },
  };
}
