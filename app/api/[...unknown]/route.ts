import { errorResponse } from "@/lib/server/http/handler";
import { notFound } from "@/lib/server/http/api-error";

// Any /api path no handler serves: the JSON error envelope with 404 instead of Next's HTML page.
// Next.js prefers static and dynamic segments over a catch-all, so real routes are never shadowed.
async function unknownApiPath(): Promise<Response> {
  return errorResponse(notFound("No API call at this path"));
}

export const GET = unknownApiPath;
export const HEAD = unknownApiPath;
export const POST = unknownApiPath;
export const PUT = unknownApiPath;
export const PATCH = unknownApiPath;
export const DELETE = unknownApiPath;
export const OPTIONS = unknownApiPath;
