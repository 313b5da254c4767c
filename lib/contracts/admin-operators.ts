import { z } from "zod";
import { OPERATOR_ROLES } from "@/lib/shared/operator-roles";
import { INT32_MAX } from "./common";

// The console's operators and their roles (docs/product/console.md "Roles").

const roleSchema = z.enum(OPERATOR_ROLES);

export const operatorSchema = z.object({
  telegram_id: z.number().int(),
  role: roleSchema,
  /** Support only: the most units one grant may give or take back. */
  grant_limit: z.number().int(),
  /** Support only: the largest payment, in roubles, it may refund. */
  refund_limit_rub: z.number(),
  /** In ADMIN_TELEGRAM_IDS (seeded as an owner; removed there, not here). */
  seeded: z.boolean(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const operatorListResponseSchema = z.object({ items: z.array(operatorSchema) });

export const operatorParamsSchema = z.object({
  telegram_id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const operatorPutBodySchema = z.object({
  role: roleSchema,
  grant_limit: z.number().int().min(0).max(INT32_MAX).optional(),
  refund_limit_rub: z
    .number()
    .min(0)
    .max(INT32_MAX / 100)
    .optional(),
});

export const operatorDeleteResponseSchema = z.object({ deleted: z.literal(true) });

/** The signed-in operator: what the console shows them. */
export const operatorMeResponseSchema = z.object({
  telegram_id: z.number().int(),
  role: roleSchema,
  grant_limit: z.number().int(),
  refund_limit_rub: z.number(),
});
