import { z } from "zod";
import { bodyIdSchema, queryIdSchema } from "./common";
import { MODEL_ACTIONS, type ModelAction } from "@/lib/model-actions";

// docs/product/catalogue.md "Model access": every action carries has_access, computed from the caller's tariff.
export type ModelActionAccess = { action: ModelAction; has_access: boolean };
export type ModelItem = {
  model_id: number;
  model_name: string;
  display_name: string;
  image: string;
  gif: string | null;
  description: string;
  model_type_description: string;
  actions: ModelActionAccess[];
};
// GET /api/models/all and GET /api/assistants/models answer a plain list.
export type ModelsResponse = ModelItem[];

// What every launch call answers: the new dialogue session, now the caller's active one.
export type LaunchResponse = {
  success: true;
  session_id: number;
  name: string;
  model_name: string;
  action: ModelAction;
  assistant_id: number | null;
};

export const IMAGE_ACTIONS = ["text_to_image", "generate_image"] as const;
export type ImageAction = (typeof IMAGE_ACTIONS)[number];

// Ids fit PostgreSQL's integer; query strings are coerced, JSON bodies must carry numbers.
const id = queryIdSchema;

// GET /api/models/text/session?model_id=
export const textSessionQuerySchema = z.object({ model_id: id });

// GET /api/models/image/session?model_id=&action= (action defaults to the model's image action)
export const imageSessionQuerySchema = z.object({ model_id: id, action: z.enum(IMAGE_ACTIONS).optional() });

// POST /api/models/session {model_id, action?} (action defaults to the model's first action)
export const modelSessionBodySchema = z.object({
  model_id: bodyIdSchema,
  action: z.enum(MODEL_ACTIONS).optional(),
});
export type ModelSessionBody = z.infer<typeof modelSessionBodySchema>;

