import type { FakeStarsApi } from "../fakes/telegram-stars";

// Telegram Stars payments in API tests. The app's modules are imported when called, so a file that
// configures PAYMENT_PROVIDER=stars in its beforeAll has done so before lib/env.ts reads it.

/** Pays the user's last Stars invoice as Telegram's successful_payment does (294 XTR); answers the payment id. */
export async function payLastStarsInvoice(fake: FakeStarsApi, userId: number): Promise<string> {
  const { getDb } = await import("@/db");
  const { users } = await import("@/db/schema");
  const { eq } = await import("drizzle-orm");
  const { applyStarsPayment } = await import("@/lib/server/payments/providers/stars/webhook");
  const db = await getDb();
  const payload = fake.invoices.at(-1)!.payload;
  const [payer] = await db.select({ telegramId: users.telegramId }).from(users).where(eq(users.id, userId));
  await applyStarsPayment({
    db,
    paid: {
      currency: "XTR",
      total_amount: 294,
      invoice_payload: payload,
      telegram_payment_charge_id: `charge-${payload}`,
    },
    payerTelegramId: payer.telegramId,
  });
  return payload;
}
