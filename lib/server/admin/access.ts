import "server-only";
import type { apiCalls } from "@/lib/contracts/calls";
import { ApiError } from "@/lib/server/http/api-error";
import type { OperatorRole } from "@/lib/shared/operator-roles";

// Which roles may make each console call (docs/product/console.md "Roles"): withAdmin
// (lib/server/http/handler.ts) looks the call up here before anything else is read, and answers 403
// for a role not listed. Every operator call of lib/contracts/calls.ts must have its line (the
// compiler says so); owners make every call. Support's grant and refund limits are checked by the
// calls themselves (operators.ts).

/** Every console call's key in lib/contracts/calls.ts ("GET /api/admin/users/{id}"). */
export type AdminCall = {
  [K in keyof typeof apiCalls]: (typeof apiCalls)[K]["auth"] extends "operator" ? K : never;
}[keyof typeof apiCalls];

const OWNER = ["owner"] as const;
const SUPPORT = ["owner", "support"] as const;
const ANALYST = ["owner", "analyst"] as const;
const EVERYONE = ["owner", "support", "analyst"] as const;

export const ADMIN_ACCESS: Record<AdminCall, readonly OperatorRole[]> = {
  "GET /api/admin/me": EVERYONE,
  "GET /api/admin/audit": OWNER,
  "GET /api/admin/channels": OWNER,
  "POST /api/admin/channels": OWNER,
  "PATCH /api/admin/channels/{id}": OWNER,
  "DELETE /api/admin/channels/{id}": OWNER,
  "POST /api/admin/channels/{id}/test": OWNER,
  "GET /api/admin/models/fallbacks": OWNER,
  "PUT /api/admin/models/{id}/fallback": OWNER,
  "GET /api/admin/users": SUPPORT,
  "GET /api/admin/users/{id}": SUPPORT,
  "POST /api/admin/users/{id}/block": SUPPORT,
  "POST /api/admin/users/{id}/grant": SUPPORT,
  "POST /api/admin/users/{id}/unblock": SUPPORT,
  "GET /api/admin/models": OWNER,
  "PATCH /api/admin/models/{id}": OWNER,
  "GET /api/admin/tariffs": OWNER,
  "PATCH /api/admin/tariffs/{name}": OWNER,
  "GET /api/admin/packages": OWNER,
  "POST /api/admin/packages": OWNER,
  "PATCH /api/admin/packages/{id}": OWNER,
  "GET /api/admin/assistants": OWNER,
  "POST /api/admin/assistants": OWNER,
  "PATCH /api/admin/assistants/{id}": OWNER,
  "GET /api/admin/assistant-categories": OWNER,
  "POST /api/admin/assistant-categories": OWNER,
  "PATCH /api/admin/assistant-categories/{id}": OWNER,
  "GET /api/admin/stats": ANALYST,
  "GET /api/admin/broadcasts": OWNER,
  "POST /api/admin/broadcasts": OWNER,
  "GET /api/admin/broadcasts/{id}": OWNER,
  "POST /api/admin/broadcasts/{id}/cancel": OWNER,
  "GET /api/admin/payments": SUPPORT,
  "POST /api/admin/payments/{id}/refund": SUPPORT,
  "GET /api/admin/promo-codes": OWNER,
  "POST /api/admin/promo-codes": OWNER,
  "GET /api/admin/alerts": OWNER,
  "PUT /api/admin/alerts": OWNER,
  "GET /api/admin/operators": OWNER,
  "PUT /api/admin/operators/{telegram_id}": OWNER,
  "DELETE /api/admin/operators/{telegram_id}": OWNER,
  "GET /api/admin/requests": SUPPORT,
  "GET /api/admin/exports/payments.csv": ANALYST,
  "GET /api/admin/exports/ledger.csv": ANALYST,
  "GET /api/admin/exports/requests.csv": ANALYST,
};

const access = ADMIN_ACCESS as Record<string, readonly OperatorRole[] | undefined>;

/** 403 unless `role` may make the call `key` ("METHOD /api/admin/…"); a call missing from the table is the owners'. */
export function checkAccess(key: string, role: OperatorRole): void {
  const roles = access[key] ?? OWNER;
  if (!roles.includes(role))
    throw new ApiError("forbidden", `The ${role} role may not make this call`, undefined, { reason: "role" });
}
