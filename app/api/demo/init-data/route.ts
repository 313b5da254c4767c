import { z } from "zod";
import { languageSchema } from "@/lib/contracts/common";
import { demoInitData } from "@/lib/server/auth/demo-init-data";
import { withPublic } from "@/lib/server/http/handler";

const demoQuerySchema = z.object({
  user: z.coerce.number().int().positive().max(2 ** 52).optional(),
  lang: languageSchema.optional(),
  start: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/).optional(),
  write: z.literal("deny").optional(),
});

// GET /api/demo/init-data - launch data signed with the development bot token (demo mode only)
export const GET = withPublic({ query: demoQuerySchema }, async ({ query }) =>
  demoInitData({ userId: query.user, language: query.lang, startParam: query.start, denyWrite: query.write === "deny" }),
);
