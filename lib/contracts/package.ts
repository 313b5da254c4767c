import { z } from "zod";
import { bodyIdSchema, emailSchema, moneySchema } from "./common";
import type { QuotaKey } from "@/lib/quota-kinds";

// Calls under /api/package/.

// GET /api/package/
export type PackageItem = {
  package_id: number;
  name: string;
  image: string;
  price: number;
  small_description_language_id: string;
  description_language_id: string;
  description_models_id: string;
  package_purpose: "reset" | QuotaKey;
  /** Units of the purpose's kind the package adds (0 for reset): the pack store's "≈ N generations". */
  quota_amount: number;
};

// POST /api/package/payment
export const createPackagePaymentBodySchema = z.object({
  package_id: bodyIdSchema,
  email: emailSchema.optional(),
  ref_amount_used: moneySchema.default(0),
});
