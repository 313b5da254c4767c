import { expect } from "vitest";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import type { CallResult } from "./api";
import { signIn } from "./api";

/**
 * The access rules every /api/admin call keeps: 401 without a token, 401 with a mini-app token,
 * 403 with the operator token of an id that is not an operator.
 */
export async function expectOperatorOnly(send: (token?: string) => Promise<CallResult>): Promise<void> {
  expect((await send()).status).toBe(401);
  const { token: miniApp } = await signIn();
  expect((await send(miniApp)).status).toBe(401);
  const res = await send(await issueOperatorToken(777_000_999));
  expect(res.status).toBe(403);
  expect(res.body.error.code).toBe("forbidden");
}
