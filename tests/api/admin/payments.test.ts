import { describe, expect, it } from "vitest";
import { GET as listPayments } from "@/app/api/admin/payments/route";
import { call, signIn } from "../../helpers/api";
import { operatorToken } from "../../helpers/admin";
import { expectOperatorOnly } from "../../helpers/admin-access";
import { buyPackage, confirmSandbox } from "../../helpers/billing";
import { buyStarter } from "../../helpers/payments";

const list = (token?: string, query: Record<string, string | number> = {}) =>
  call(listPayments, "GET", "/api/admin/payments", { token, query });

describe("GET /api/admin/payments", () => {
  it("lists every user's payments newest first, filtered by status and provider", async () => {
    const token = await operatorToken();
    const paid = await signIn({ first_name: "Paid", username: "paid_user" });
    await confirmSandbox((await buyStarter(paid.token)).body.payment_url);
    const open = await signIn({ first_name: "Open" });
    await buyStarter(open.token);

    const all = await list(token);
    expect(all.status).toBe(200);
    expect(all.body.items.slice(0, 2).map((p: { user_id: number }) => p.user_id)).toEqual([open.userId, paid.userId]);
    expect(all.body.items[1]).toMatchObject({
      provider: "sandbox",
      status: "completed",
      kind: "tariff",
      item: "Starter",
      item_en: null,
      user_name: "Paid @paid_user",
      refund_requested_at: null,
    });
    const completed = await list(token, { status: "completed", provider: "sandbox" });
    expect(completed.body.items.every((p: { status: string }) => p.status === "completed")).toBe(true);
    expect(completed.body.items.some((p: { user_id: number }) => p.user_id === paid.userId)).toBe(true);
    expect((await list(token, { provider: "stars" })).body).toEqual({ items: [], has_more: false });
  });

  it("names a bought package in both languages", async () => {
    const token = await operatorToken();
    const buyer = await signIn({ first_name: "Buyer" });
    await buyPackage(buyer.token, "image-50");
    const [payment] = (await list(token)).body.items;
    expect(payment).toMatchObject({
      user_id: buyer.userId,
      kind: "package",
      item: "50 изображений",
      item_en: "50 images",
    });
  });

  it("is for operators only", async () => {
    await expectOperatorOnly((token) => list(token));
  });

  it("answers 400 for an unknown status, provider or page", async () => {
    const token = await operatorToken();
    for (const query of [{ status: "paid" }, { provider: "paypal" }, { page: 0 }] as Record<string, string | number>[])
      expect((await list(token, query)).status).toBe(400);
  });
});
