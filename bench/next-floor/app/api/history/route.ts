import { replay } from "../../../lib/replay";

export const dynamic = "force-dynamic";
export const POST = (req: Request) => replay(req, "/api/history/");
