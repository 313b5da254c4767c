import { z } from "zod";
import { queryIdSchema } from "./common";

// The console's provider channels (docs/product/channels.md): /api/admin/channels and a model's
// fallback model. A channel's key is write-only: answers show it masked (`sk-…1234`).

const channelModelSchema = z.strictObject({
  model_name: z.string().trim().min(1).max(100),
  provider_model_id: z.string().trim().min(1).max(200),
});

const httpUrlSchema = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(500);

const roublesSchema = z.number().min(0).max(1_000_000);

/** What the channel's provider charges, in roubles (docs/product/channels.md "Prices"); a price left out is 0. */
export const channelPricesSchema = z.strictObject({
  in_per_1k: roublesSchema.optional(),
  out_per_1k: roublesSchema.optional(),
  per_image: roublesSchema.optional(),
  per_audio_minute: roublesSchema.optional(),
  per_video_second: roublesSchema.optional(),
});

const channelFieldsSchema = z.strictObject({
  name: z.string().trim().min(1).max(100),
  base_url: httpUrlSchema,
  api_key: z.string().trim().min(1).max(1000),
  /** Lower is tried first. */
  priority: z.number().int().min(0).max(10_000),
  enabled: z.boolean(),
  /** Its share of traffic among the channels of its priority (1 when left out on creation). */
  weight: z.number().int().min(1).max(1000).optional(),
  /** Its provider's prices (none when left out on creation); given, they replace the stored ones. */
  prices: channelPricesSchema.optional(),
  /** The catalogue models the channel serves, each by the id this endpoint knows it by. */
  models: z
    .array(channelModelSchema)
    .max(500)
    .refine((list) => new Set(list.map((m) => m.model_name)).size === list.length, "a model is listed twice")
    .meta({ description: "Each model_name once, each a model of the catalogue" }),
});

export const channelCreateBodySchema = channelFieldsSchema;
/** Only the fields given change; without api_key the key is kept; models, when given, replace the list. */
export const channelPatchBodySchema = channelFieldsSchema.partial();
export type ChannelCreateBody = z.infer<typeof channelCreateBodySchema>;
export type ChannelPatchBody = z.infer<typeof channelPatchBodySchema>;

export const channelParamsSchema = z.object({ id: queryIdSchema });

export const channelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  base_url: z.string(),
  /** The key masked: its first 3 and last 4 characters. */
  api_key: z.string(),
  priority: z.number().int(),
  enabled: z.boolean(),
  weight: z.number().int(),
  prices: channelPricesSchema,
  models: z.array(z.object({ model_name: z.string(), provider_model_id: z.string() })),
  /** Calls in a row that failed before their first result. */
  consecutive_failures: z.number().int(),
  /** Until when the channel is skipped (ISO time), or null. */
  cooldown_until: z.string().nullable(),
  cooling_down: z.boolean(),
  /** When the app disabled the channel itself (too many failures); enabled again by a successful probe. */
  auto_disabled_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const channelListResponseSchema = z.object({ items: z.array(channelSchema) });
export const channelDeleteResponseSchema = z.object({ deleted: z.literal(true) });

export const modelFallbackParamsSchema = z.object({ id: queryIdSchema });
export const modelFallbackBodySchema = z.strictObject({ fallback_model: z.string().trim().min(1).max(100).nullable() });
export const modelFallbackResponseSchema = z.object({ model_name: z.string(), fallback_model: z.string().nullable() });
export const modelFallbackListResponseSchema = z.object({
  items: z.array(
    z.object({
      id: z.number().int(),
      model_name: z.string(),
      display_name: z.string(),
      type: z.string(),
      actions: z.array(z.string()),
      fallback_model: z.string().nullable(),
    }),
  ),
});

/** POST /api/admin/channels/{id}/test: one minimal request per model the channel serves. */
export const channelTestResponseSchema = z.object({
  results: z.array(
    z.object({
      model_name: z.string(),
      ok: z.boolean(),
      latency_ms: z.number().int(),
      /** What went wrong (the error's class and message), or null. */
      error: z.string().nullable(),
    }),
  ),
});
