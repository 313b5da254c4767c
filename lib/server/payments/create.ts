import "server-only";
import { packagePurchase, tariffPurchase } from "./purchase-description";
import { and, eq, inArray } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/db";
import { packages, tariffModels, type User } from "@/db/schema";
import {
  customTariffValuesSchema,
  type createCustomTariffPaymentBodySchema,
  type createTariffPaymentBodySchema,
} from "@/lib/contracts/tariff";
import { toRoubles } from "@/lib/shared/money";
import { customMonthlyPrice, type CustomValues } from "@/lib/shared/pricing/custom-tariff";
import { perKind } from "@/lib/shared/quota-kinds";
import { periodPrice, roundMoney } from "@/lib/shared/pricing/periods";
import { validateReferralAmount } from "@/lib/shared/pricing/referral-discount";
import { CUSTOM_TARIFF } from "@/lib/shared/tariff-names";
import { ApiError } from "@/lib/server/http/api-error";
import { getCustomBounds, getRates, getTariffByNameOrThrow } from "@/lib/server/tariffs/catalogue";
import { restoresNothing, whatRefillRestores } from "@/lib/server/quotas/restore";
import { creditToward } from "./credit";
import { assertNoOpenPayment, startPayment } from "./start";

const bad = (field: string, message: string) => new ApiError("bad_request", message, { [field]: [message] });

function checkReferral({ user, refAmount, total }: { user: User; refAmount: number; total: number }) {
  if (refAmount === 0) return;
  const error = validateReferralAmount({
    input: String(refAmount),
    balance: toRoubles(user.refBalanceKopecks),
    price: total,
  });
  const messages = {
    noBalance: "No available balance",
    invalidFormat: "Invalid amount",
    belowMinimum: "The referral amount is below the minimum",
    exceedsBalance: "Amount exceeds available balance",
    aboveMaximum: "The referral amount is above the maximum for this price",
  } as const;
  if (error) throw bad("ref_amount_used", messages[error]);
}

function checkCalculatedPrice({ calculated, expected }: { calculated: number; expected: number }) {
  if (Math.abs(calculated - expected) > 0.005) {
    throw bad(
      "calculated_price",
      `calculated_price ${calculated} does not match the price ${expected} computed by the server`,
    );
  }
}

/**
 * A tariff for `months`: checks the referral amount against the period total less the credit of a
 * change of tariff, and the client's figure against the server's price (price × months − credit −
 * referral discount, never below 0); answers the total before the discount and the credit used.
 */
function checkPeriodPrice(p: {
  user: User;
  amountPer30Days: number;
  months: number;
  refAmount: number;
  calculated: number;
  creditKopecks: number;
}): { total: number; credit: number } {
  const total = roundMoney(p.amountPer30Days * p.months);
  const credit = Math.min(total, toRoubles(p.creditKopecks));
  const afterCredit = roundMoney(total - credit);
  checkReferral({ user: p.user, refAmount: p.refAmount, total: afterCredit });
  checkCalculatedPrice({
    calculated: p.calculated,
    expected: periodPrice({ amountPer30Days: afterCredit, months: 1, referralDiscount: p.refAmount }),
  });
  return { total, credit };
}

export type StandardTariffOrder = z.infer<typeof createTariffPaymentBodySchema>;

/** POST /api/tariff/create: Starter or Neuro Basic (the contract's tariff_name) for 1-3 months. */
export async function createTariffPayment({ db, user, body }: { db: Db; user: User; body: StandardTariffOrder }) {
  await assertNoOpenPayment({ db, userId: user.id });
  const tariff = await getTariffByNameOrThrow({ db, name: body.tariff_name }).catch(() => {
    throw bad("tariff_name", `Unknown tariff "${body.tariff_name}"`);
  });
  const amount = toRoubles(tariff.amountKopecks);
  if (amount <= 0) throw bad("tariff_name", `${tariff.name} cannot be bought`);
  const { total, credit } = checkPeriodPrice({
    user,
    amountPer30Days: amount,
    months: body.months,
    refAmount: body.ref_amount_used,
    calculated: body.calculated_price,
    creditKopecks: await creditToward({ db, userId: user.id, tariffId: tariff.id }),
  });
  return startPayment({
    db,
    user,
    order: {
      kind: "tariff",
      tariffId: tariff.id,
      months: body.months,
      total,
      credit,
      refAmount: body.ref_amount_used,
      email: body.email,
      recurrent: body.recurent,
      description: tariffPurchase(tariff.name, body.months),
    },
  });
}

export type CustomTariffOrder = z.infer<typeof createCustomTariffPaymentBodySchema>;

/** POST /api/tariff/create_custom: the composed limits, priced with the database rates. */
export async function createCustomTariffPayment({ db, user, body }: { db: Db; user: User; body: CustomTariffOrder }) {
  await assertNoOpenPayment({ db, userId: user.id });
  const [bounds, rates, custom] = await Promise.all([
    getCustomBounds({ db }),
    getRates({ db }),
    getTariffByNameOrThrow({ db, name: CUSTOM_TARIFF }),
  ]);
  // The contract's rule with the catalogue's bounds: what GET /api/openapi.json documents.
  customTariffValuesSchema(bounds).parse(body);
  const values: CustomValues = perKind("custom", (r) => body[r.customField]);
  let modelIds: number[] | null = null;
  if (body.selected_model_ids.length > 0) {
    modelIds = [...new Set(body.selected_model_ids)];
    const allowed = await db
      .select({ id: tariffModels.modelId })
      .from(tariffModels)
      .where(and(eq(tariffModels.tariffId, custom.id), inArray(tariffModels.modelId, modelIds)));
    if (allowed.length !== modelIds.length)
      throw bad("selected_model_ids", "Some selected models are not available in the Custom tariff");
  }
  const monthly = customMonthlyPrice(values, rates);
  const { total, credit } = checkPeriodPrice({
    user,
    amountPer30Days: monthly,
    months: body.months,
    refAmount: body.ref_amount_used,
    calculated: body.calculated_price,
    creditKopecks: await creditToward({ db, userId: user.id, tariffId: custom.id }),
  });
  return startPayment({
    db,
    user,
    order: {
      kind: "custom",
      tariffId: custom.id,
      months: body.months,
      total,
      credit,
      refAmount: body.ref_amount_used,
      email: body.email,
      recurrent: body.recurent,
      details: { limits: values, modelIds },
      description: tariffPurchase(custom.name, body.months),
    },
  });
}

/** POST /api/package/payment */
export async function createPackagePayment({
  db,
  user,
  body,
}: {
  db: Db;
  user: User;
  body: { package_id: number; email?: string; ref_amount_used: number };
}) {
  await assertNoOpenPayment({ db, userId: user.id });
  const [pkg] = await db.select().from(packages).where(eq(packages.id, body.package_id));
  if (!pkg) throw new ApiError("not_found", "Package not found");
  if (pkg.packagePurpose === "reset" && restoresNothing(await whatRefillRestores({ db, userId: user.id })))
    throw new ApiError("conflict", "Nothing to restore: every balance of your tariff is full");
  const total = toRoubles(pkg.priceKopecks);
  checkReferral({ user, refAmount: body.ref_amount_used, total });
  return startPayment({
    db,
    user,
    order: {
      kind: "package",
      packageId: pkg.id,
      months: 1,
      total,
      refAmount: body.ref_amount_used,
      email: body.email,
      recurrent: false,
      description: packagePurchase(pkg.name),
    },
  });
}
