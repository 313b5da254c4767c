import { storedFileResponseSchema } from "@/lib/contracts/files";
import { withPublic } from "@/lib/server/http/handler";
import { serveStoredFile } from "@/lib/server/storage/serve";

// GET /api/files/{key}?exp=&sig= - a stored file by its signed, expiring link (Range supported)
export const GET = withPublic({ response: storedFileResponseSchema }, async ({ req, params }) => serveStoredFile({ req, key: params.key }));
