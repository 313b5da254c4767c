import { videoCapabilitiesResponseSchema } from "@/lib/contracts/video";
import { withUser } from "@/lib/server/http/handler";
import { listVideoCapabilities } from "@/lib/server/video/capabilities";

// GET /api/video/model-capabilities - actions and formats of every video model family
export const GET = withUser({ response: videoCapabilitiesResponseSchema }, ({ db }) => listVideoCapabilities({ db }));
