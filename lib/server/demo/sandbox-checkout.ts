import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db";
import { packages, payments, tariffs, users } from "@/db/schema";
import { env } from "@/lib/env";
import { toRoubles } from "@/lib/shared/money";
import { ApiError } from "@/lib/server/http/api-error";
import { confirmPayment } from "@/lib/server/payments/confirm";
import { releasePayment } from "@/lib/server/payments/release";

// The sandbox checkout: reachable only through the payment's own link (its uuid is the secret) and
// only while PAYMENT_PROVIDER=sandbox.

const uuid = z.uuid();

export type CheckoutView = {
  id: string;
  status: string;
  amount: number;
  kind: string;
  months: number;
  tariffName: string | null;
  /** The package's name in both languages (English null: the Russian one); the page picks by its language. */
  packageName: { ru: string; en: string | null } | null;
  expired: boolean;
  /** The payer's interface language: the checkout speaks it when the link does not say. */
  language: string;
};

async function findSandboxPayment({ db, paymentId }: { db: Db; paymentId: string }) {
  if (env.PAYMENT_PROVIDER !== "sandbox" || !uuid.safeParse(paymentId).success) return null;
  const [row] = await db
    .select({
      payment: payments,
      tariffName: tariffs.name,
      packageName: packages.name,
      packageNameEn: packages.nameEn,
      language: users.language,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.userId))
    .leftJoin(tariffs, eq(tariffs.id, payments.tariffId))
    .leftJoin(packages, eq(packages.id, payments.packageId))
    .where(eq(payments.id, paymentId));
  return row && row.payment.provider === "sandbox" ? row : null;
}

/** What the checkout page shows, or null (the page answers 404). */
export async function getCheckoutView({ db, paymentId }: { db: Db; paymentId: string }): Promise<CheckoutView | null> {
  const row = await findSandboxPayment({ db, paymentId });
  if (!row) return null;
  const { payment } = row;
  return {
    id: payment.id,
    status: payment.status,
    amount: toRoubles(payment.amountKopecks),
    kind: payment.kind,
    months: payment.months,
    tariffName: row.tariffName,
    packageName: row.packageName === null ? null : { ru: row.packageName, en: row.packageNameEn },
    expired: payment.status === "pending" && payment.expiresAt.getTime() <= Date.now(),
    language: row.language,
  };
}

/** POST /api/payments/sandbox/{paymentId}/confirm|decline: the checkout page's buttons. */
export async function resolveSandboxPayment({ db, paymentId, action }: { db: Db; paymentId: string; action: string }) {
  const row = await findSandboxPayment({ db, paymentId });
  if (!row) throw new ApiError("not_found", "Payment not found");
  const { payment } = row;
  if (action === "decline") {
    await releasePayment({ db, paymentId, status: "canceled" });
  } else if (action === "confirm") {
    if (payment.status === "pending" && payment.expiresAt.getTime() <= Date.now()) {
      await releasePayment({ db, paymentId, status: "expired" });
      throw new ApiError("conflict", "The payment link has expired");
    }
    await confirmPayment({
      db,
      paymentId,
      savedPaymentMethodId: payment.recurrent ? `sandbox-method-${payment.id}` : undefined,
    });
  } else {
    throw new ApiError("not_found", "Unknown action");
  }
  const [after] = await db.select({ status: payments.status }).from(payments).where(eq(payments.id, paymentId));
  return { status: after.status };
}
