import { videoGenerateResponseSchema } from "@/lib/contracts/video";
import { withUser } from "@/lib/server/http/handler";
import { generateVideo } from "@/lib/server/video/generate";

// Generation polls its provider for minutes; the client waits up to 10 minutes (docs/product/video.md).
export const maxDuration = 600;

// POST /api/video/generate - multipart: prompt, model_name, action, format_key, duration, image or video
export const POST = withUser({ rateLimit: "video-generate", response: videoGenerateResponseSchema }, ({ db, user, req }) => generateVideo({ db, caller: user, req }));
