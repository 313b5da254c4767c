import "server-only";
import { ApiError } from "@/lib/server/http/api-error";
import { checkFileSignature, contentTypeOf, getStorage, isValidKey } from "./index";
import { parseRange } from "./range";

/**
 * The response for a signed file link (`exp` and `sig` from its query): whole, or the one byte range
 * a <video> asks for in its Range header.
 */
export async function serveStoredFile({
  key,
  exp,
  sig,
  range: rangeHeader,
}: {
  key: string;
  exp: string | null;
  sig: string | null;
  range: string | null;
}): Promise<Response> {
  if (!isValidKey(key)) throw new ApiError("not_found", "No such file");
  const verdict = checkFileSignature({ key, exp, sig });
  if (verdict === "invalid") throw new ApiError("forbidden", "This file link is not valid");
  if (verdict === "expired") throw new ApiError("forbidden", "This file link has expired");

  const storage = getStorage();
  const size = await storage.size(key);
  if (size === null) throw new ApiError("not_found", "No such file");
  const headers: Record<string, string> = {
    "content-type": contentTypeOf(key),
    "accept-ranges": "bytes",
    "cache-control": "private, max-age=3600",
    "x-content-type-options": "nosniff",
  };
  const range = parseRange(rangeHeader, size);
  if (range === "unsatisfiable") {
    return new Response(null, { status: 416, headers: { ...headers, "content-range": `bytes */${size}` } });
  }
  const body = await storage.read(key, range ?? undefined);
  if (!body) throw new ApiError("not_found", "No such file");
  if (!range) return new Response(body, { status: 200, headers: { ...headers, "content-length": String(size) } });
  return new Response(body, {
    status: 206,
    headers: {
      ...headers,
      "content-length": String(range.end - range.start + 1),
      "content-range": `bytes ${range.start}-${range.end}/${size}`,
    },
  });
}
