import { packagesResponseSchema } from "@/lib/contracts/package";
import { withUser } from "@/lib/server/http/handler";
import { listPackages } from "@/lib/server/tariffs/catalogue";

// GET /api/package/ - the package store (answers with and without the trailing slash)
export const GET = withUser({ response: packagesResponseSchema }, async ({ db }) => listPackages({ db }));
