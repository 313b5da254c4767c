import { expect } from "vitest";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { call, signIn, type CallOptions } from "./api";

type Handler = Parameters<typeof call>[0];

/**
 * What every /api/admin call answers before its own work: 401 without a token and with a mini-app
 * token, 403 for a valid operator token of an id that is not an operator.
 */
export async function expectOperatorOnly(
  handler: Handler,
  method: string,
  path: string,
  options: Omit<CallOptions, "token"> = {},
): Promise<void> {
  expect((await call(handler, method, path, options)).status).toBe(401);
  const { token: miniApp } = await signIn();
  expect((await call(handler, method, path, { ...options, token: miniApp })).status).toBe(401);
  const stranger = await issueOperatorToken(777_000_999);
  expect((await call(handler, method, path, { ...options, token: stranger })).status).toBe(403);
}
