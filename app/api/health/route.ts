import { checkDatabase } from "@/lib/server/health";
import { withPublic } from "@/lib/server/http/handler";

export const dynamic = "force-dynamic";

// GET /api/health - the database answers
export const GET = withPublic({}, async ({ db }) => checkDatabase({ db }));
