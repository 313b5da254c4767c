import { z } from "zod";

// GET /api/openapi.json: the OpenAPI 3.1 document generated from ./calls.ts (its full validity is
// checked against the OpenAPI schema by tests/api/openapi/openapi.test.ts).
export const openApiDocumentResponseSchema = z.looseObject({
  openapi: z.string().startsWith("3.1."),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
