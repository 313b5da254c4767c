import { z } from "zod";
import { bodyIdSchema, emailSchema, moneySchema, paymentUrlResponseSchema } from "./common";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";

// Calls under /api/package/.

// GET /api/package/
const packageItemSchema = z.object({
  package_id: z.number(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  small_description_language_id: z.string(),
  description_language_id: z.string(),
  description_models_id: z.string(),
  package_purpose: z.enum(["reset", ...(QUOTA_KEYS as readonly [QuotaKey, ...QuotaKey[]])]),
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
