import { describe, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/admin/alerts/route";
import { PUT as putOperator } from "@/app/api/admin/operators/[telegram_id]/route";
import { issueOperatorToken } from "@/lib/server/auth/jwt";
import { ALERT_DEFAULTS, ALERT_KINDS } from "@/lib/shared/alerts";
import { call } from "../../helpers/api";
import { auditRowsOf, nonOperatorToken, operatorToken } from "../../helpers/admin";

// The owners' alert settings: every kind with its default until changed, changed only by owners,
// each change audited; a bad setting changes nothing.

const get = (token?: string) => call(getRoute, "GET", "/api/admin/alerts", { token });
const put = (token: string | undefined, body: unknown) => call(putRoute, "PUT", "/api/admin/alerts", { token, body });

const defaults = ALERT_KINDS.map((kind) => ({ kind, ...ALERT_DEFAULTS[kind] }));

describe("GET /api/admin/alerts", () => {
  it("answers every kind with its default before any change; 401 without a token, 403 for a non-operator", async () => {
    const res = await get(await operatorToken());
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual(defaults);
    expect((await get()).status).toBe(401);
    expect((await get(await nonOperatorToken())).status).toBe(403);
  });
});

describe("PUT /api/admin/alerts", () => {
  it("turns a kind off and moves a threshold, the others kept, in one audit row", async () => {
    const token = await operatorToken();
    const res = await put(token, {
      items: [
        { kind: "model_down", enabled: false, threshold: null },
        { kind: "outbox_backlog", enabled: true, threshold: 50 },
      ],
    });
    expect(res.status).toBe(200);
    const byKind = Object.fromEntries(res.body.items.map((s: { kind: string }) => [s.kind, s]));
    expect(byKind.model_down).toEqual({ kind: "model_down", enabled: false, threshold: null });
    expect(byKind.outbox_backlog).toEqual({ kind: "outbox_backlog", enabled: true, threshold: 50 });
    expect(byKind.refund_failed).toEqual({ kind: "refund_failed", ...ALERT_DEFAULTS.refund_failed });
    expect((await get(token)).body.items).toEqual(res.body.items);
    const [audit] = await auditRowsOf("alerts");
    expect(audit).toMatchObject({ action: "alerts.put" });
    expect(audit.after).toEqual(res.body.items);
  });

  it("refuses a threshold on a kind without one, none on a kind with one, an unknown kind and a repeated kind: 400, nothing saved", async () => {
    const token = await operatorToken();
    const before = (await get(token)).body.items;
    const audits = (await auditRowsOf("alerts")).length;
    for (const items of [
      [{ kind: "channel_down", enabled: true, threshold: 3 }],
      [{ kind: "refund_failed", enabled: true, threshold: null }],
      [{ kind: "refund_failed", enabled: true, threshold: 0 }],
      [{ kind: "nope", enabled: true, threshold: 1 }],
      [
        { kind: "update_backlog", enabled: false, threshold: 5 },
        { kind: "update_backlog", enabled: true, threshold: 6 },
      ],
      [],
    ]) {
      const res = await put(token, { items });
      expect(res.status, JSON.stringify(items)).toBe(400);
      expect(res.body.error).toBeDefined();
    }
    expect((await get(token)).body.items).toEqual(before);
    expect(await auditRowsOf("alerts")).toHaveLength(audits);
  });

  it("is the owners' alone: support and analysts get 403 and change nothing", async () => {
    const owner = await operatorToken();
    const before = (await get(owner)).body.items;
    for (const [i, role] of (["support", "analyst"] as const).entries()) {
      const id = 890_000_100 + i;
      const added = await call(putOperator, "PUT", `/api/admin/operators/${id}`, {
        token: owner,
        params: { telegram_id: String(id) },
        body: { role },
      });
      expect(added.status).toBe(200);
      const token = await issueOperatorToken(id);
      expect((await get(token)).status).toBe(403);
      const res = await put(token, { items: [{ kind: "model_down", enabled: true, threshold: null }] });
      expect(res.status).toBe(403);
    }
    expect((await get(owner)).body.items).toEqual(before);
  });
});
