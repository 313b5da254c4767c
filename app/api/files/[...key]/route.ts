import { storedFileResponseSchema } from "@/lib/contracts/files";
import { withPublic } from "@/lib/server/http/handler";
import { serveStoredFile } from "@/lib/server/storage/serve";

// GET /api/files/{key}?exp=&sig= - a stored file by its signed, expiring link (Range supported)
export const GET = withPublic({ response: storedFileResponseSchema }, async ({ req, params }) => {
  const link = new URL(req.url).searchParams;
  return serveStoredFile({
    key: params.key,
    exp: link.get("exp"),
    sig: link.get("sig"),
    range: req.headers.get("range"),
  });
});
