import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as refund } from "@/app/api/admin/payments/[id]/refund/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { getDb } from "@/db";
import { adminAudit, balanceLedger, payments } from "@/db/schema";
import { call, signIn } from "../../helpers/api";
import { DEMO_OPERATOR_TELEGRAM_ID, operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";
import { confirmSandbox } from "../../helpers/billing";
import { buyStarter, paymentIdFromUrl } from "../../helpers/payments";

const refundCall = (id: string, token?: string, body: unknown = { reason: "The user asked" }) =>
  call(refund, "POST", `/api/admin/payments/${id}/refund`, { token, params: { id }, body });

/** A user with a paid Starter month through the sandbox. */
async function paidStarter() {
  const user = await signIn();
  const url = (await buyStarter(user.token)).body.payment_url;
  await confirmSandbox(url);
  return { ...user, paymentId: paymentIdFromUrl(url) };
}

const auditRows = async (paymentId: string) =>
  (await getDb())
    .select()
    .from(adminAudit)
    .where(eq(adminAudit.target, `payment:${paymentId}`));

describe("POST /api/admin/payments/{id}/refund", () => {
  it("refunds a sandbox payment once under a double click, ends the tariff, writes the ledger and one audit row", async () => {
    const token = await operatorToken();
    const { paymentId, userId, token: userToken } = await paidStarter();
    const answers = await Promise.all([refundCall(paymentId, token), refundCall(paymentId, token)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    // The second click either finds the first one's claim still at the provider (pending) or its
    // refund already done; either way one of them refunded and only one asked the provider.
    const statuses = answers.map((a) => a.body.status);
    expect(statuses).toContain("refunded");
    for (const status of statuses) expect(["pending", "refunded"]).toContain(status);
    const again = await refundCall(paymentId, token);
    expect(again.body).toMatchObject({
      status: "refunded",
      payment: { id: paymentId, status: "refunded", refund_reason: "The user asked" },
    });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token: userToken })).body.user_tariff).toBeNull();
    const db = await getDb();
    const [{ n }] = await db
      .select({ n: count() })
      .from(balanceLedger)
      .where(and(eq(balanceLedger.userId, userId), eq(balanceLedger.reason, "refund")));
    expect(n).toBeGreaterThan(0);
    const audit = await auditRows(paymentId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorTelegramId: DEMO_OPERATOR_TELEGRAM_ID,
      action: "payment.refund",
      before: { status: "completed", refund_requested_at: null, refund_reason: null },
      // The result, not the claim: the payment as the refund left it.
      after: { status: "refunded", refund_reason: "The user asked", refunded_rub: 490, outcome: "refunded" },
    });
  });

  it("is for operators only, and changes nothing for them", async () => {
    const { paymentId } = await paidStarter();
    await expectOperatorOnly((token) => refundCall(paymentId, token));
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "completed", refundRequestedAt: null });
  });

  it("answers 400 for a missing or blank reason and 404 for an unknown payment, changing nothing; 409 for an open payment", async () => {
    const token = await operatorToken();
    const { paymentId } = await paidStarter();
    for (const body of [{}, { reason: "   " }, { reason: "x".repeat(251) }])
      expect((await refundCall(paymentId, token, body)).status).toBe(400);
    expect((await refundCall("00000000-0000-4000-8000-000000000000", token)).status).toBe(404);
    expect((await refundCall("not-a-uuid", token)).status).toBe(404);
    const [row] = await (await getDb()).select().from(payments).where(eq(payments.id, paymentId));
    expect(row).toMatchObject({ status: "completed", refundRequestedAt: null });
    expect(await auditRows(paymentId)).toHaveLength(0);
    const open = await signIn();
    const openId = paymentIdFromUrl((await buyStarter(open.token)).body.payment_url);
    expect((await refundCall(openId, token)).status).toBe(409);
    expect(await auditRows(openId)).toHaveLength(0);
  });
});
