import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { PUT as putOperator } from "@/app/api/admin/operators/[telegram_id]/route";
import { ADMIN_ACCESS } from "@/lib/server/admin/access";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { OPERATOR_ROLES, type OperatorRole } from "@/lib/shared/operator-roles";
import { API_DIR, call } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";

// Every /api/admin call × every role: a role the access table does not list for the call is
// refused with 403 before its input is read; a role it lists gets past the role check (whatever the
// call then answers: 200, or 400/404 for the placeholder input used here, which changes nothing).

const NO_SUCH = "999999";
const base = 870_000_000 + Math.floor(Math.random() * 100_000) * 10;
const tokens = {} as Record<OperatorRole, string>;

beforeAll(async () => {
  const owner = await operatorToken();
  for (const [i, role] of OPERATOR_ROLES.entries()) {
    const id = base + i;
    const res = await call(putOperator, "PUT", `/api/admin/operators/${id}`, {
      token: owner,
      params: { telegram_id: String(id) },
      body: { role, grant_limit: 0, refund_limit_rub: 0 },
    });
    expect(res.status).toBe(200);
    tokens[role] = await issueOperatorToken(id);
  }
});

/** "GET /api/admin/users/{id}" → the route file's handler, the path with placeholders and its params. */
async function request(key: string) {
  const [method, pattern] = key.split(" ");
  const names = [...pattern.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
  const dir = pattern
    .slice("/api/".length)
    .split("/")
    .map((s) => s.replace(/^\{(\w+)\}$/, "[$1]"));
  const routeModule = (await import(/* @vite-ignore */ path.join(API_DIR, ...dir, "route.ts"))) as Record<
    string,
    never
  >;
  const params = Object.fromEntries(names.map((name) => [name, NO_SUCH]));
  const pathname = pattern.replace(/\{\w+\}/g, NO_SUCH);
  const takesBody = ["POST", "PUT", "PATCH"].includes(method);
  return { handler: routeModule[method], method, pathname, params, body: takesBody ? {} : undefined };
}

const cases = Object.entries(ADMIN_ACCESS).flatMap(([key, roles]) =>
  OPERATOR_ROLES.map((role) => ({ key, role, allowed: roles.includes(role) })),
);

describe("the role check of every /api/admin call", () => {
  it("covers every call and role", () => {
    expect(cases.length).toBe(Object.keys(ADMIN_ACCESS).length * 3);
    expect(cases.filter((c) => c.role === "owner").every((c) => c.allowed)).toBe(true);
  });

  it.each(cases)("$key as $role: allowed=$allowed", async ({ key, role, allowed }) => {
    const { handler, method, pathname, params, body } = await request(key);
    expect(handler, `${key} has no handler`).toBeTypeOf("function");
    const res = await call(handler, method, pathname, { token: tokens[role], params, body });
    if (allowed) expect(res.body?.error?.reason, `${key} as ${role}`).not.toBe("role");
    else {
      expect(res.status, `${key} as ${role}`).toBe(403);
      expect(res.body.error.reason).toBe("role");
    }
  });
});
