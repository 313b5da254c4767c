import { z } from "zod";
import { NO_NUL, NO_NUL_MESSAGE } from "./common";

// The operator console's own calls (docs/product/console.md): sign-in and the audit log. The
// console's screens add their contracts beside these.

const widgetText = (max: number) => z.string().max(max).regex(NO_NUL, NO_NUL_MESSAGE);

/** What Telegram's Login Widget hands the page, sent on unchanged (its hash covers every field). */
export const adminAuthBodySchema = z.object({
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  first_name: widgetText(256),
  last_name: widgetText(256).optional(),
  username: widgetText(64).optional(),
  photo_url: widgetText(2048).optional(),
  auth_date: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  hash: z.string().regex(/^[0-9a-f]{64}$/i, "64 hex characters"),
});

/** An operator token: sent as the bearer of every /api/admin call. */
export const adminTokenResponseSchema = z.object({ token: z.string() });

/** Whether the signed-in mini-app user is an operator (the personal account then shows "Console"). */
export const consoleLinkAvailableResponseSchema = z.object({ available: z.boolean() });

/** A one-time link into the console (`/admin?code=…`), good once and for a minute. */
export const consoleLinkResponseSchema = z.object({ url: z.string() });

export const adminRedeemBodySchema = z.object({ code: z.string().regex(/^[\w-]{20,100}$/, "a console link code") });

/** A 1-based page number in a query string. */
export const adminPageSchema = z.coerce
  .number({ error: "must be a positive integer" })
  .int()
  .min(1)
  .max(100_000)
  .default(1);

export const adminAuditQuerySchema = z.object({ page: adminPageSchema });

export const adminAuditRowSchema = z.object({
  id: z.number().int(),
  operator_telegram_id: z.number().int(),
  /** What was done, "<thing>.<verb>" (user.grant, user.block, tariff.update, …). */
  action: z.string(),
  /** What it was done to, "<thing>:<id>". */
  target: z.string(),
  /** The changed record as JSON before and after the change (null when there was none). */
  before: z.unknown(),
  after: z.unknown(),
  at: z.iso.datetime(),
});

export const adminAuditResponseSchema = z.object({ items: z.array(adminAuditRowSchema), has_more: z.boolean() });
