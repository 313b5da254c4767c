import { openApiDocumentResponseSchema } from "@/lib/contracts/openapi";
import { withPublic } from "@/lib/server/http/handler";
import { openApiDocument } from "@/lib/server/http/openapi";

// GET /api/openapi.json - the OpenAPI 3.1 document of every call, generated from lib/contracts/calls.ts
export const GET = withPublic({ response: openApiDocumentResponseSchema }, async () => openApiDocument());
