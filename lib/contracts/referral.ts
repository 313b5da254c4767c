import { z } from "zod";
import { NO_NUL, NO_NUL_MESSAGE } from "./common";

// docs/product/referral.md: a referral code is 3 to 50 characters after trimming.
export const referralCodeSchema = z.string().trim().min(3).max(50).regex(NO_NUL, NO_NUL_MESSAGE);

// GET /api/referral/check-code/{code}
export const checkCodeParamsSchema = z.object({ code: referralCodeSchema });

// POST /api/referral/activate-code {referral_code}
export const activateCodeBodySchema = z.object({ referral_code: referralCodeSchema });

export const checkCodeResponseSchema = z.object({ can_use: z.boolean(), message: z.string() });
export type CheckCodeResponse = z.infer<typeof checkCodeResponseSchema>;
export const activateCodeResponseSchema = z.object({ success: z.boolean(), message: z.string() });
export type ActivateCodeResponse = z.infer<typeof activateCodeResponseSchema>;

// GET /api/referral/my-code
export const myCodeResponseSchema = z.object({ referral_code: z.string(), telegram_link: z.string() });
export type MyCodeResponse = z.infer<typeof myCodeResponseSchema>;

// GET /api/referral/can-apply
export const canApplyResponseSchema = z.object({ can_apply: z.boolean() });

// GET /api/referral/balance
export const referralBalanceResponseSchema = z.object({ ref_balance: z.number(), currency: z.literal("RUB") });
