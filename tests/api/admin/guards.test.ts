import { describe, expect, it } from "vitest";
import { GET as getAudit } from "@/app/api/admin/audit/route";
import { GET as listUsers } from "@/app/api/admin/users/route";
import { GET as getUser } from "@/app/api/admin/users/[id]/route";
import { POST as grant } from "@/app/api/admin/users/[id]/grant/route";
import { POST as block } from "@/app/api/admin/users/[id]/block/route";
import { POST as unblock } from "@/app/api/admin/users/[id]/unblock/route";
import { call, signIn } from "../../helpers/api";
import { auditRowsOf, nonOperatorToken } from "../../helpers/admin";

// Every /api/admin call refuses who is not an operator before it reads or changes anything.

type Handler = Parameters<typeof call>[0];

describe("every /api/admin call", () => {
  it("answers 401 without a token or with a mini-app token, 403 for a non-operator, and changes nothing", async () => {
    const { token: miniApp, userId } = await signIn();
    const params = { id: String(userId) };
    const calls: [Handler, string, string, { params?: Record<string, string>; body?: unknown }][] = [
      [getAudit, "GET", "/api/admin/audit", {}],
      [listUsers, "GET", "/api/admin/users", {}],
      [getUser, "GET", `/api/admin/users/${userId}`, { params }],
      [
        grant,
        "POST",
        `/api/admin/users/${userId}/grant`,
        { params, body: { kind: "text_tokens", units: 10, reason: "test" } },
      ],
      [block, "POST", `/api/admin/users/${userId}/block`, { params }],
      [unblock, "POST", `/api/admin/users/${userId}/unblock`, { params }],
    ];
    const stranger = await nonOperatorToken();
    for (const [handler, method, path, options] of calls) {
      expect((await call(handler, method, path, options)).status, `${method} ${path} without a token`).toBe(401);
      expect(
        (await call(handler, method, path, { ...options, token: miniApp })).status,
        `${method} ${path} with a mini-app token`,
      ).toBe(401);
      const refused = await call(handler, method, path, { ...options, token: stranger });
      expect(refused.status, `${method} ${path} for a non-operator`).toBe(403);
    }
    expect(await auditRowsOf(`user:${userId}`)).toEqual([]);
  });
});
