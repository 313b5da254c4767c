import { z } from "zod";
import { ALERT_KINDS } from "@/lib/shared/alerts";
import { INT32_MAX } from "./common";

// The owners' settings of the bot's alerts (docs/product/console.md "Alerts"): per kind on/off and
// its threshold (null for a kind that alerts on the event itself: channel_down, model_down).

export const alertSettingSchema = z.object({
  kind: z.enum(ALERT_KINDS),
  enabled: z.boolean(),
  threshold: z.number().int().min(1).max(INT32_MAX).nullable(),
});

export const alertSettingsResponseSchema = z.object({ items: z.array(alertSettingSchema) });

/** The kinds to change (any subset, each at most once); the others keep their settings. */
export const alertSettingsPutBodySchema = z.object({
  items: z
    .array(alertSettingSchema)
    .min(1)
    .refine((items) => new Set(items.map((i) => i.kind)).size === items.length, "each kind at most once"),
});
