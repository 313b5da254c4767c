import { replay } from "../../../../../lib/replay";

export const dynamic = "force-dynamic";
export const GET = (req: Request) => replay(req, "/api/video/check-model-cost/veo-3");
