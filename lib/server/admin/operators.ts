import "server-only";
import { env, isDemoMode } from "@/lib/env";
import { DEMO_USER } from "@/lib/server/demo/init-data";

/**
 * In demo mode the demo user (the account the demo signs in as) is also the console's operator, so
 * a newcomer reaches /admin from the first command and sees the Console link in the app.
 */
export const DEMO_OPERATOR_ID = DEMO_USER.id;

/** Operators are read from ADMIN_TELEGRAM_IDS at every call: removing an id locks its tokens out. */
export function isOperator(telegramId: number): boolean {
  return env.ADMIN_TELEGRAM_IDS.includes(telegramId) || (isDemoMode() && telegramId === DEMO_OPERATOR_ID);
}
