import "server-only";
import { asc } from "drizzle-orm";
import type { Db } from "@/db";
import { videoCapabilities } from "@/db/schema";
import type { VideoCapability } from "@/lib/shared/video/capabilities";
import { cachedCatalogue } from "@/lib/server/catalogue/cache";

export type VideoCapabilityRow = typeof videoCapabilities.$inferSelect;

/** Every model family's capability row (cached: treat as read-only). */
export const listCapabilityRows = ({ db }: { db: Db }): Promise<VideoCapabilityRow[]> =>
  cachedCatalogue(db, "video-capabilities", () =>
    db.select().from(videoCapabilities).orderBy(asc(videoCapabilities.id)),
  );

export const toVideoCapability = (row: VideoCapabilityRow): VideoCapability => ({
  model_name_pattern: row.modelNamePattern,
  supports_text_to_video: row.supportsTextToVideo,
  supports_image_to_video: row.supportsImageToVideo,
  supports_video_to_video: row.supportsVideoToVideo,
  supported_formats: row.supportedFormats,
});

/** GET /api/video/model-capabilities: every model family's actions and formats. */
export async function listVideoCapabilities({ db }: { db: Db }): Promise<{ data: VideoCapability[] }> {
  return { data: (await listCapabilityRows({ db })).map(toVideoCapability) };
}
