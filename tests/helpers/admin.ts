import crypto from "node:crypto";

// Operators in API tests. Tests run in demo mode, where the demo operator (DEMO_USER's Telegram id)
// is one: `operatorToken()` signs in as it through the demo route. `signedWidgetData` builds what
// Telegram's Login Widget would hand the page, signed by Telegram's rule for the widget.

export const DEMO_OPERATOR_TELEGRAM_ID = 100000001;

/** Login Widget fields with their `hash` (HMAC-SHA-256 keyed by SHA-256 of the bot token). */
export function signedWidgetData(
  user: { id: number; first_name?: string; last_name?: string; username?: string; photo_url?: string },
  options: { authDate?: Date; token?: string } = {},
) {
  const fields: Record<string, string | number> = {
    first_name: "Operator",
    ...user,
    auth_date: Math.floor((options.authDate ?? new Date()).getTime() / 1000),
  };
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join("\n");
  const secret = crypto
    .createHash("sha256")
    .update(options.token ?? process.env.BOT_TOKEN!)
    .digest();
  const hash = crypto.createHmac("sha256", secret).update(checkString).digest("hex");
  return { ...fields, hash } as { id: number; first_name: string; auth_date: number; hash: string };
}

/** The demo operator's token, through POST /api/admin/auth/demo. */
export async function operatorToken(): Promise<string> {
  const { POST } = await import("@/app/api/admin/auth/demo/route");
  const { call } = await import("./api");
  const res = await call<{ token: string }>(POST, "POST", "/api/admin/auth/demo");
  if (res.status !== 200) throw new Error(`operator sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** An operator token (right audience and secret) for a Telegram id that is not an operator. */
export async function nonOperatorToken(telegramId = 555000001): Promise<string> {
  const { issueOperatorToken } = await import("@/lib/server/auth/jwt");
  return issueOperatorToken(telegramId);
}

/** Audit rows of one target, newest first. */
export async function auditRowsOf(target: string) {
  const { getDb } = await import("@/db");
  const { adminAudit } = await import("@/db/schema");
  const { desc, eq } = await import("drizzle-orm");
  return (await getDb()).select().from(adminAudit).where(eq(adminAudit.target, target)).orderBy(desc(adminAudit.id));
}
