import { z } from "zod";
import { bodyIdSchema, emailSchema, moneySchema, paymentUrlResponseSchema } from "./common";
import { perKind, QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";

// Calls under /api/package/.

// GET /api/package/
const packageItemSchema = z.object({
  package_id: z.number(),
  /** Name and description in the caller's interface language (docs/product/catalogue.md "Languages"). */
  name: z.string(),
  description: z.string(),
  image: z.string(),
  price: z.number(),
  small_description_language_id: z.string(),
  description_language_id: z.string(),
  description_models_id: z.string(),
  package_purpose: z.enum(["reset", ...(QUOTA_KEYS as readonly [QuotaKey, ...QuotaKey[]])]),
  /** Units of the purpose's kind the package adds (0 for reset): the pack store's "≈ N generations". */
  quota_amount: z.number(),
  /** The refill package (reset): the units per kind it would restore for the caller now (all 0: it is not sold); null for other packages. */
  restores: z.object(perKind("apiKey", () => z.number().int())).nullable(),
});
export type PackageItem = z.infer<typeof packageItemSchema>;
export const packagesResponseSchema = z.array(packageItemSchema);

// POST /api/package/payment
export const createPackagePaymentBodySchema = z.object({
  package_id: bodyIdSchema,
  email: emailSchema.optional(),
  ref_amount_used: moneySchema.default(0),
});
export const createPackagePaymentResponseSchema = paymentUrlResponseSchema;
