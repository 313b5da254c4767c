import { z } from "zod";
import { QUOTA_KEYS, perKind, type QuotaKey } from "@/lib/shared/quota-kinds";
import { INT32_MAX, NO_NUL, NO_NUL_MESSAGE, queryIdSchema } from "./common";
import { adminPageSchema } from "./admin";
import { LEDGER_REASONS } from "./user";

// The console's Users screen (docs/product/console.md#users): search, one user's record, grants
// and blocking.

const quotaKeySchema = z.enum(QUOTA_KEYS as [QuotaKey, ...QuotaKey[]]);

export const adminUsersQuerySchema = z.object({
  /** A Telegram id (exact), or part of a username or name; empty lists everyone, newest first. */
  q: z.string().trim().max(100).regex(NO_NUL, NO_NUL_MESSAGE).default(""),
  page: adminPageSchema,
});

const userSummarySchema = z.object({
  id: z.number().int(),
  telegram_id: z.number().int(),
  first_name: z.string(),
  last_name: z.string().nullable(),
  username: z.string().nullable(),
  /** ISO 8601; null when not blocked. */
  blocked_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
});

export const adminUsersResponseSchema = z.object({ items: z.array(userSummarySchema), has_more: z.boolean() });

export const adminUserParamsSchema = z.object({ id: queryIdSchema });

const balanceSchema = z.object({ allowance: z.number().int(), package_units: z.number().int() });

export const adminUserResponseSchema = z.object({
  user: userSummarySchema.extend({
    language: z.string(),
    last_login_at: z.iso.datetime(),
    /** When the Bot API last refused a message to them (they blocked the bot); null otherwise. */
    bot_blocked_at: z.iso.datetime().nullable(),
  }),
  tariff: z.object({ name: z.string(), expires_at: z.iso.datetime(), recurrent: z.boolean() }).nullable(),
  /** Per quota kind: this step's allowance and bought (or granted) package units. */
  balances: z.object(perKind("apiKey", () => balanceSchema)),
  referral: z.object({
    code: z.string(),
    referred_by_user_id: z.number().int().nullable(),
    balance_rub: z.number(),
    invited: z.number().int(),
  }),
  /** The latest 20 payments, newest first. */
  payments: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      provider: z.string(),
      amount_rub: z.number(),
      created_at: z.iso.datetime(),
    }),
  ),
  /** The latest 50 balance changes, newest first. */
  ledger: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.iso.datetime(),
      kind: quotaKeySchema,
      units: z.number().int(),
      package_units: z.number().int(),
      balance_after: z.number().int(),
      reason: z.enum(LEDGER_REASONS),
      model_name: z.string().nullable(),
    }),
  ),
  /** The latest 20 dialogues' titles (never their content), most recently used first. */
  dialogues: z.array(z.object({ id: z.number().int(), title: z.string(), updated_at: z.iso.datetime() })),
});
export type AdminUser = z.infer<typeof adminUserResponseSchema>;

export const adminGrantBodySchema = z.object({
  kind: quotaKeySchema,
  /** Units to add (to package units) or, negative, to take back (package units first, never below zero). */
  units: z
    .number()
    .int()
    .min(-INT32_MAX)
    .max(INT32_MAX)
    .refine((n) => n !== 0, "must not be zero")
    .meta({ not: { const: 0 } }),
  /** Why: kept in the audit log. */
  reason: z.string().trim().min(1).max(500).regex(NO_NUL, NO_NUL_MESSAGE),
});

export const adminGrantResponseSchema = z.object({ kind: quotaKeySchema, balance: balanceSchema });

export const adminBlockResponseSchema = z.object({ blocked_at: z.iso.datetime().nullable() });
