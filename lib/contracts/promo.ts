import { z } from "zod";
import { QUOTA_KEYS, type QuotaKey } from "@/lib/shared/quota-kinds";

// Promo codes (docs/product/console.md "Promo codes"): the console creates and lists them
// (/api/admin/promo-codes), a user redeems one (/api/promo/redeem, the bot's /promo and /start promo_<code>).

const PROMO_GRANTS = ["units", "days", "roubles"] as const;
/** Letters, digits, _ and -: what a Telegram start parameter carries after "promo_". */
export const PROMO_CODE = /^[A-Za-z0-9_-]{3,40}$/;
const codeSchema = z.string().trim().regex(PROMO_CODE, "3 to 40 letters, digits, _ or -");

// POST /api/admin/promo-codes
export const adminPromoCreateBodySchema = z
  .object({
    code: codeSchema,
    grant: z.enum(PROMO_GRANTS),
    /** units: the kind the units go to (package units). */
    quota_key: z.enum(QUOTA_KEYS as [QuotaKey, ...QuotaKey[]]).optional(),
    /** days: the standard tariff whose days it gives. */
    tariff_name: z.string().trim().min(1).max(100).optional(),
    /** Units, days, or roubles (at most two decimals). */
    amount: z.number().positive().max(10_000_000),
    max_redemptions: z.number().int().min(1).max(1_000_000),
    valid_until: z.iso.datetime({ offset: true }),
  })
  .superRefine((body, ctx) => {
    if (body.grant === "units" && !body.quota_key)
      ctx.addIssue({ code: "custom", path: ["quota_key"], message: "required for units" });
    if (body.grant === "days" && !body.tariff_name)
      ctx.addIssue({ code: "custom", path: ["tariff_name"], message: "required for days" });
    if (body.grant !== "roubles" && !Number.isInteger(body.amount))
      ctx.addIssue({ code: "custom", path: ["amount"], message: "units and days are whole numbers" });
    if (body.grant === "roubles" && Math.abs(body.amount * 100 - Math.round(body.amount * 100)) > 1e-6)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "at most two decimals" });
  });

export const adminPromoSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  grant: z.enum(PROMO_GRANTS),
  quota_key: z.string().nullable(),
  tariff_name: z.string().nullable(),
  amount: z.number(),
  max_redemptions: z.number().int(),
  redemptions: z.number().int(),
  valid_until: z.iso.datetime(),
  created_at: z.iso.datetime(),
  /** Who redeemed it, newest first. */
  redeemed_by: z.array(
    z.object({ user_id: z.number().int(), telegram_id: z.number().int(), user_name: z.string(), at: z.iso.datetime() }),
  ),
});
export const adminPromoListResponseSchema = z.object({ items: z.array(adminPromoSchema) });

// POST /api/promo/redeem
export const promoRedeemBodySchema = z.object({ code: z.string().trim().min(1).max(64) });
/** success false: the code is unknown, expired, used up or already redeemed by the caller (message says which). */
export const promoRedeemResponseSchema = z.object({ success: z.boolean(), message: z.string() });
