import { z } from "zod";
import { bodyIdSchema, moneySchema, NO_NUL, NO_NUL_MESSAGE, quotaUnitsSchema } from "./common";
import { MODEL_ACTIONS, type ModelAction } from "@/lib/shared/model-actions";
import { PROVIDER_COST_BASES } from "@/lib/shared/pricing/provider-cost";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";

// The console's Catalogue and Dashboard calls (docs/product/console.md "Catalogue"). Texts come in
// both languages: `*_en` null means the Russian text is shown to English readers too.

const text = (max: number) => z.string().trim().max(max).regex(NO_NUL, NO_NUL_MESSAGE);
const name = (max: number) => text(max).min(1);
const englishText = (max: number) =>
  text(max)
    .nullable()
    .transform((s) => (s === "" ? null : s));
const actionSchema = z.enum(MODEL_ACTIONS as readonly [ModelAction, ...ModelAction[]]);
const quotaKindSchema = z.enum(QUOTA_KEYS as readonly [QuotaKey, ...QuotaKey[]]);
const usdSchema = z.number().nonnegative().max(100_000);
const idListSchema = z.array(bodyIdSchema).max(500);
const CONTEXT_TOKENS_MAX = 2_000_000;

// ---------------------------------------------------------------- models

const adminModelSchema = z.object({
  id: z.number().int(),
  model_name: z.string(),
  display_name: z.string(),
  display_name_en: z.string().nullable(),
  description: z.string(),
  description_en: z.string().nullable(),
  provider: z.string(),
  type: z.string(),
  provider_model_id: z.string().nullable(),
  enabled: z.boolean(),
  /** USD the provider charges per `provider_cost_per`. */
  provider_cost_usd: z.number(),
  provider_cost_per: z.enum(PROVIDER_COST_BASES),
  /** Each action's price in units of its kind per its basis (docs/product/billing.md "Prices per job"). */
  actions: z.array(z.object({ action: actionSchema, price_units: z.number().int() })),
  /** The dialogue's context budget in tokens; null: BOT_CONTEXT_TOKENS, which also caps it. */
  context_tokens: z.number().int().nullable(),
  /** A text model that sees images: a photo sent in its dialogue goes to it (docs/product/catalogue.md). */
  vision: z.boolean(),
});
export type AdminModel = z.infer<typeof adminModelSchema>;
export const adminModelsResponseSchema = z.array(adminModelSchema);

export const adminModelPatchSchema = z
  .object({
    display_name: name(100),
    display_name_en: englishText(100),
    description: text(500),
    description_en: englishText(500),
    provider_model_id: name(200),
    enabled: z.boolean(),
    provider_cost_usd: usdSchema,
    /** Tokens; null gives the model BOT_CONTEXT_TOKENS. No model's window reaches past the bound. */
    context_tokens: z.number().int().positive().max(CONTEXT_TOKENS_MAX).nullable(),
    /** Only a text model may be marked as seeing images. */
    vision: z.boolean(),
    /** Prices of the model's own actions; an action it does not have is refused. */
    prices: z.array(z.object({ action: actionSchema, price_units: quotaUnitsSchema })).max(MODEL_ACTIONS.length),
  })
  .partial()
  .strict();
export type AdminModelPatch = z.infer<typeof adminModelPatchSchema>;

// ---------------------------------------------------------------- tariffs

const balances = {
  token_balance: quotaUnitsSchema,
  image_balance: quotaUnitsSchema,
  minutes_balance: quotaUnitsSchema,
  file_balance: quotaUnitsSchema,
  video_balance: quotaUnitsSchema,
};

const adminTariffSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  description_en: z.string().nullable(),
  /** Roubles per 30 days, charged by payments created from now on. */
  price_rub: z.number(),
  ...balances,
  model_ids: z.array(z.number().int()),
});
export const adminTariffsResponseSchema = z.array(adminTariffSchema);
export type AdminTariff = z.infer<typeof adminTariffSchema>;

export const adminTariffPatchSchema = z
  .object({
    description: text(500),
    description_en: englishText(500),
    price_rub: moneySchema,
    ...balances,
    model_ids: idListSchema,
  })
  .partial()
  .strict();
export type AdminTariffPatch = z.infer<typeof adminTariffPatchSchema>;

// ---------------------------------------------------------------- packages

const adminPackageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string(),
  description_en: z.string().nullable(),
  price_rub: z.number(),
  package_purpose: z.enum(["reset", ...(QUOTA_KEYS as readonly QuotaKey[])] as [string, ...string[]]),
  quota_amount: z.number().int(),
});
export const adminPackagesResponseSchema = z.array(adminPackageSchema);
export const adminPackageResponseSchema = adminPackageSchema;
export type AdminPackage = z.infer<typeof adminPackageSchema>;

const packageFields = {
  name: name(100),
  name_en: englishText(100),
  description: text(500),
  description_en: englishText(500),
  price_rub: moneySchema.min(1),
  quota_amount: quotaUnitsSchema.meta({
    description: "Units the package adds: at least 1 unless its purpose is reset",
  }),
};
export const adminPackageCreateSchema = z
  .object({ ...packageFields, package_purpose: z.union([z.literal("reset"), quotaKindSchema]) })
  .partial({ name_en: true, description: true, description_en: true, quota_amount: true })
  .strict();
export type AdminPackageCreate = z.infer<typeof adminPackageCreateSchema>;
export const adminPackagePatchSchema = z.object(packageFields).partial().strict();
export type AdminPackagePatch = z.infer<typeof adminPackagePatchSchema>;

// ---------------------------------------------------------------- assistants and their categories

const adminCategorySchema = z.object({
  id: z.number().int(),
  ai_chat_type: z.string(),
  name: z.string(),
  name_en: z.string().nullable(),
});
export const adminCategoriesResponseSchema = z.array(adminCategorySchema);
export const adminCategoryResponseSchema = adminCategorySchema;
export type AdminCategory = z.infer<typeof adminCategorySchema>;
export const adminCategoryCreateSchema = z
  .object({
    ai_chat_type: z.string().regex(/^[a-z0-9_-]{1,40}$/, "lowercase letters, digits, - and _"),
    name: name(100),
    name_en: englishText(100).optional(),
  })
  .strict();
export const adminCategoryPatchSchema = z
  .object({ name: name(100), name_en: englishText(100) })
  .partial()
  .strict();
export type AdminCategoryCreate = z.infer<typeof adminCategoryCreateSchema>;
export type AdminCategoryPatch = z.infer<typeof adminCategoryPatchSchema>;

const adminAssistantSchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  description: z.string(),
  description_en: z.string().nullable(),
  type: z.enum(["text", "generating_image"]),
  image_tab: z.enum(["editfoto", "genfoto"]).nullable(),
  /** What the bot puts before the conversation (text) or adds to the picture's prompt (image). */
  instructions: z.string(),
  enabled: z.boolean(),
  /** The models it may run on; empty: every model of its kind the user's tariff opens. */
  model_ids: z.array(z.number().int()),
});
export const adminAssistantsResponseSchema = z.array(adminAssistantSchema);
export const adminAssistantResponseSchema = adminAssistantSchema;
export type AdminAssistant = z.infer<typeof adminAssistantSchema>;

const assistantFields = {
  category_id: bodyIdSchema,
  name: name(100),
  name_en: englishText(100),
  description: text(500),
  description_en: englishText(500),
  instructions: text(20_000),
  enabled: z.boolean(),
  model_ids: idListSchema,
};
export const adminAssistantCreateSchema = z
  .object({
    ...assistantFields,
    type: z.enum(["text", "generating_image"]).default("text"),
    image_tab: z
      .enum(["editfoto", "genfoto"])
      .nullable()
      .default(null)
      .meta({ description: "The tab that lists it: required for a generating_image assistant" }),
  })
  .partial({
    name_en: true,
    description: true,
    description_en: true,
    instructions: true,
    enabled: true,
    model_ids: true,
  })
  .strict();
export const adminAssistantPatchSchema = z.object(assistantFields).partial().strict();
export type AdminAssistantCreate = z.infer<typeof adminAssistantCreateSchema>;
export type AdminAssistantPatch = z.infer<typeof adminAssistantPatchSchema>;

// ---------------------------------------------------------------- stats

export const adminStatsQuerySchema = z.object({
  days: z.coerce.number({ error: "must be a whole number of days" }).int().min(1).max(366).default(30),
});

export const adminStatsResponseSchema = z.object({
  revenue_rub: z.number(),
  /** What the provider calls of the period cost, summed over the request log (channel prices). */
  cost_rub: z.number(),
  /** revenue_rub less cost_rub. */
  margin_rub: z.number(),
  payments: z.number().int(),
  paying_users: z.number().int(),
  new_users: z.number().int(),
  active_users: z.number().int(),
  /** Units spent per quota kind, refunds of failed jobs deducted. */
  units_spent: z.object(
    Object.fromEntries(QUOTA_KEYS.map((k) => [k, z.number().int()])) as Record<QuotaKey, z.ZodNumber>,
  ),
  /** One entry per UTC day of the period, oldest first, days without activity included. */
  by_day: z.array(
    z.object({
      date: z.iso.date(),
      revenue_rub: z.number(),
      cost_rub: z.number(),
      margin_rub: z.number(),
      payments: z.number().int(),
      new_users: z.number().int(),
      active_users: z.number().int(),
    }),
  ),
  by_model: z.array(
    z.object({
      model_name: z.string(),
      /** The catalogue's display name (the internal name for a model no longer in it). */
      display_name: z.string(),
      turns: z.number().int(),
      units: z.number().int(),
      provider_cost_usd: z.number(),
      /** The period's revenue shared by the list value of the units spent on the model (decision 0504). */
      revenue_rub: z.number(),
      /** The model's provider calls of the period, summed over the request log. */
      cost_rub: z.number(),
      margin_rub: z.number(),
    }),
  ),
  /** The request log's calls and cost per channel (null: the default endpoint or the demo sandbox). */
  by_channel: z.array(
    z.object({
      channel_id: z.number().int().nullable(),
      name: z.string().nullable(),
      requests: z.number().int(),
      cost_rub: z.number(),
    }),
  ),
});
export type AdminStats = z.infer<typeof adminStatsResponseSchema>;

// ---------------------------------------------------------------- path parameters

export const adminIdParamsSchema = z.object({
  id: z.coerce.number({ error: "must be a positive integer" }).int().min(1).max(2_147_483_647),
});
export const adminTariffParamsSchema = z.object({ name: z.string().min(1).max(100) });
