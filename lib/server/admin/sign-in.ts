import "server-only";
import type { Db } from "@/db";
import { env, isDemoMode } from "@/lib/env";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { verifyLoginWidget, type LoginWidgetData } from "@/lib/server/auth/login-widget";
import { getSecrets } from "@/lib/server/auth/secrets";
import { ApiError } from "@/lib/server/http/api-error";
import { DEMO_OPERATOR_ID, isOperator } from "./operators";

const notAnOperator = () => new ApiError("forbidden", "This Telegram account is not an operator");

/** An operator token for a Login Widget sign-in: 401 for a bad or stale one, 403 for a non-operator. */
export async function signInWithWidget(db: Db, data: LoginWidgetData): Promise<{ token: string }> {
  verifyLoginWidget(data, { botToken: getSecrets().botToken, maxAgeSeconds: env.ADMIN_LOGIN_MAX_AGE_SECONDS });
  if (!(await isOperator(db, data.id))) throw notAnOperator();
  return { token: await issueOperatorToken(data.id) };
}

/** Demo mode only (404 otherwise): the demo operator's token, without the widget. */
export async function signInAsDemoOperator(): Promise<{ token: string }> {
  if (!isDemoMode()) throw new ApiError("not_found", "Demo mode is off");
  return { token: await issueOperatorToken(DEMO_OPERATOR_ID) };
}
