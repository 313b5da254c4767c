import { videoGenerateResponseSchema } from "@/lib/contracts/video";
import { withUserForm } from "@/lib/server/http/handler";
import { generateVideo } from "@/lib/server/video/generate";
import { videoGenerateForm } from "@/lib/server/video/plan";

// Generation polls its provider for minutes; the client waits up to 10 minutes (docs/product/video.md).
export const maxDuration = 600;

// POST /api/video/generate - multipart: prompt, model_name, action, format_key, duration, image or video
export const POST = withUserForm(
  { rateLimit: "video-generate", form: videoGenerateForm, response: videoGenerateResponseSchema },
  ({ db, user, req, form }) =>
    generateVideo({ db, caller: user, form, idempotencyHeader: req.headers.get("idempotency-key") }),
);
