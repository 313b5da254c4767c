import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";
import { MODEL_ACTIONS } from "@/lib/shared/model-actions";
import { COST_BASES } from "@/lib/shared/pricing/job-price";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";

// docs/product/catalogue.md "Model access": every action carries has_access, computed from the caller's
// tariff, and its price per job (docs/product/billing.md "Prices per job").
const actionCostSchema = z.object({
  kind: z.enum(QUOTA_KEYS as [QuotaKey, ...QuotaKey[]]),
  units: z.number().int().nonnegative(),
  per: z.enum(COST_BASES),
});
const modelActionAccessSchema = z.object({
  action: z.enum(MODEL_ACTIONS),
  has_access: z.boolean(),
  cost: actionCostSchema,
});
const modelItemSchema = z.object({
  model_id: z.number(),
  model_name: z.string(),
  display_name: z.string(),
  image: z.string(),
  gif: z.string().nullable(),
  description: z.string(),
  model_type_description: z.string(),
  // Whether a text model sees images: a photo sent in its dialogue goes to it (false for other models).
  vision: z.boolean(),
  actions: z.array(modelActionAccessSchema),
  /** When the caller's tariff does not open the model: the cheapest tariff that does (null: none, or it is open). */
  opened_by: z.string().nullable(),
});
export type ModelItem = z.infer<typeof modelItemSchema>;
// GET /api/models/all and GET /api/assistants/models answer a plain list.
export const modelsResponseSchema = z.array(modelItemSchema);

// What every launch call answers: the new dialogue session, now the caller's active one.
export const launchResponseSchema = z.object({
  success: z.literal(true),
  session_id: z.number(),
  name: z.string(),
  model_name: z.string(),
  action: z.enum(MODEL_ACTIONS),
  assistant_id: z.number().nullable(),
});
export type LaunchResponse = z.infer<typeof launchResponseSchema>;

export const IMAGE_ACTIONS = ["text_to_image", "generate_image"] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];

// Ids fit PostgreSQL's integer; query strings are coerced, JSON bodies must carry numbers.
const id = queryIdSchema;

// GET /api/models/text/session?model_id=
export const textSessionQuerySchema = z.object({ model_id: id });
export const textSessionResponseSchema = launchResponseSchema.meta({
  description: "The new dialogue with the text model",
});

// GET /api/models/image/session?model_id=&action= (action defaults to the model's image action)
export const imageSessionQuerySchema = z.object({ model_id: id, action: z.enum(IMAGE_ACTIONS).optional() });
export const imageSessionResponseSchema = launchResponseSchema.meta({
  description: "The new session with the image model and action",
});

// POST /api/models/session {model_id, action?} (action defaults to the model's first action)
export const modelSessionBodySchema = z.object({
  model_id: bodyIdSchema,
  action: z.enum(MODEL_ACTIONS).optional(),
});
export type ModelSessionBody = z.infer<typeof modelSessionBodySchema>;
export const modelSessionResponseSchema = launchResponseSchema.meta({
  description: "The new session with the model and action",
});
