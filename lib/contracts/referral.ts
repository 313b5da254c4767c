import { z } from "zod";

// docs/product/referral.md: a referral code is 3 to 50 characters after trimming.
export const referralCodeSchema = z
  .string()
  .trim()
  .min(3)
  .max(50)
  .refine((s) => !s.includes("\0"), "NUL characters are not allowed");

// GET /api/referral/check-code/{code}
export const checkCodeParamsSchema = z.object({ code: referralCodeSchema });

// POST /api/referral/activate-code {referral_code}
export const activateCodeBodySchema = z.object({ referral_code: referralCodeSchema });

export type MyCodeResponse = { referral_code: string; telegram_link: string };
export type CanApplyResponse = { can_apply: boolean };
export type CheckCodeResponse = { can_use: boolean; message: string };
export type ActivateCodeResponse = { success: boolean; message: string };

// GET /api/referral/balance
export type ReferralBalanceResponse = { ref_balance: number; currency: "RUB" };
