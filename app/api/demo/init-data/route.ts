import { demoInitDataQuerySchema, demoInitDataResponseSchema } from "@/lib/contracts/demo";
import { demoInitData } from "@/lib/server/demo/init-data";
import { withPublic } from "@/lib/server/http/handler";

// GET /api/demo/init-data - launch data signed with the development bot token (demo mode only)
export const GET = withPublic(
  { query: demoInitDataQuerySchema, response: demoInitDataResponseSchema },
  async ({ query }) =>
    demoInitData({
      userId: query.user,
      language: query.lang,
      startParam: query.start,
      denyWrite: query.write === "deny",
    }),
);
