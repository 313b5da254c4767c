import { describe, expect, it } from "vitest";
import { GET as checkPending } from "@/app/api/tariff/check-pending-payment/route";
import { POST as sandboxAction } from "@/app/api/payments/sandbox/[paymentId]/[action]/route";
import { GET as userTariff } from "@/app/api/user/user-tariff/route";
import { GET as statistic } from "@/app/api/user/statistic/route";
import { POST as paymentsList } from "@/app/api/settings/payments/route";
import { GET as recurrentStatus } from "@/app/api/settings/recurrent-status/route";
import { call, signIn } from "../../helpers/api";
import {
  buyStarter,
  expireOpenPayment,
  paymentIdFromUrl,
  paymentsOf,
  referralKopecks,
  setReferralBalance,
  starter,
} from "../../helpers/payments";

const resolve = (id: string, action: string) =>
  call(sandboxAction, "POST", `/api/payments/sandbox/${id}/${action}`, { params: { paymentId: id, action } });

describe("sandbox purchase of a standard tariff", () => {
  it("POST /api/tariff/create - answers a checkout payment_url; confirming it sets the tariff and its quotas", async () => {
    const { token, userId } = await signIn();
    const created = await buyStarter(token);
    expect(created.status).toBe(200);
    expect(created.body.payment_url).toMatch(/\/checkout\/[0-9a-f-]{36}$/);

    const pending = await call(checkPending, "GET", "/api/tariff/check-pending-payment", { token });
    expect(pending.body).toEqual({
      has_pending_payment: true,
      payment_url: created.body.payment_url,
      expires_in_minutes: 30,
      ref_amount_used: 0,
    });

    const id = paymentIdFromUrl(created.body.payment_url);
    const confirmed = await resolve(id, "confirm");
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "completed" });

    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body).toMatchObject({
      user_tariff: "Starter",
      price: starter.amountRub,
    });
    const stats = await call(statistic, "GET", "/api/user/statistic", { token });
    expect(stats.body.remaining_quotas.text_tokens).toBe(starter.tokenBalance);
    expect(stats.body.tariff_limits.video_tokens).toBe(starter.videoBalance);
    expect(
      (await call(checkPending, "GET", "/api/tariff/check-pending-payment", { token })).body.has_pending_payment,
    ).toBe(false);

    const list = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(list.body).toEqual([
      {
        id,
        created_at: expect.any(String),
        amount: starter.amountRub,
        status: "completed",
        subscription_info: { tariff_name: "Starter" },
        package_info: null,
      },
    ]);
    // A second confirmation changes nothing.
    await resolve(id, "confirm");
    expect((await paymentsOf(userId)).filter((p) => p.status === "completed")).toHaveLength(1);
  });

  it("POST /api/payments/sandbox/{id}/decline - cancels the payment and sets nothing", async () => {
    const { token } = await signIn();
    const created = await buyStarter(token);
    const declined = await resolve(paymentIdFromUrl(created.body.payment_url), "decline");
    expect(declined.body).toEqual({ status: "canceled" });
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.user_tariff).toBeNull();
    const list = await call(paymentsList, "POST", "/api/settings/payments", { token });
    expect(list.body[0].status).toBe("canceled");
  });

  it("POST /api/payments/sandbox/{id}/confirm - answers 404 for an unknown or malformed id", async () => {
    expect((await resolve("00000000-0000-4000-8000-000000000000", "confirm")).status).toBe(404);
    expect((await resolve("nope", "confirm")).status).toBe(404);
  });

  it("POST /api/payments/sandbox/{id}/confirm - refuses an expired link with 409 and releases it", async () => {
    const { token, userId } = await signIn();
    await setReferralBalance(userId, 100);
    const created = await buyStarter(token, { ref_amount_used: 50, calculated_price: starter.amountRub - 50 });
    expect(created.status).toBe(200);
    await expireOpenPayment(userId);
    const res = await resolve(paymentIdFromUrl(created.body.payment_url), "confirm");
    expect(res.status).toBe(409);
    expect((await paymentsOf(userId))[0].status).toBe("expired");
    expect(await referralKopecks(userId)).toBe(10_000);
  });

  it("POST /api/tariff/create - with recurent saves the method and GET /api/settings/recurrent-status answers true", async () => {
    const { token } = await signIn();
    const created = await buyStarter(token, { recurent: true, months: 2, calculated_price: starter.amountRub * 2 });
    await resolve(paymentIdFromUrl(created.body.payment_url), "confirm");
    expect((await call(recurrentStatus, "GET", "/api/settings/recurrent-status", { token })).body).toMatchObject({
      is_recurrent: true,
      renews_at: expect.any(String),
    });
    // The monthly price of a 2-month subscription.
    expect((await call(userTariff, "GET", "/api/user/user-tariff", { token })).body.price).toBe(starter.amountRub);
  });
});
