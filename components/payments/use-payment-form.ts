"use client";
import { useState } from "react";
import { useEmailState } from "@/components/payments/email-field";
import { usePendingPaymentGuard } from "@/components/payments/pending-payment-modal";
import { useReferralState } from "@/components/payments/referral-discount";
import { payBlocker } from "./payment-form";
import { DEFAULT_MONTHS, periodPrice, type Months } from "@/lib/shared/pricing/periods";

type Options<Body> = {
  /** The price per 30 days of a tariff, or of the one purchase (a package: always one month). */
  price: number;
  /** Whether what is bought is known yet (a tariff still loading or unknown blocks paying). */
  available?: boolean;
  /** Auto-payment's initial state. */
  autoPay?: boolean;
  /** A change of tariff: the running tariff's unused part credited toward this one, in roubles. */
  credit?: number;
  /** The screen's payment-creation mutation. */
  create: { mutate: (body: Body) => void; isPending: boolean };
};

/**
 * What the three payment screens (tariff, custom tariff, package) share (docs/product/payments.md): the
 * period, auto-payment, receipt email and referral discount, the totals, the pay-button blocker, and
 * the pending-payment guard that runs before a payment is created.
 */
export function usePaymentForm<Body>({ price, available = true, autoPay = false, credit = 0, create }: Options<Body>) {
  const [months, setMonths] = useState<Months>(DEFAULT_MONTHS);
  const [recurent, setRecurent] = useState(autoPay);
  const email = useEmailState();
  const subtotal = periodPrice({ amountPer30Days: price, months });
  // The credit counts first (at most the price), then the referral discount (server: lib/server/payments/create.ts).
  const creditUsed = Math.min(credit, subtotal);
  const afterCredit = periodPrice({ amountPer30Days: subtotal, months: 1, referralDiscount: creditUsed });
  const referral = useReferralState(afterCredit);
  const total = periodPrice({ amountPer30Days: afterCredit, months: 1, referralDiscount: referral.discount });
  const { guard, checking, ui } = usePendingPaymentGuard();
  const blocker = payBlocker({
    hasTariff: available,
    price,
    months,
    emailError: email.error,
    referralEnabled: referral.enabled,
    referralError: referral.error,
  });
  return {
    months,
    setMonths,
    recurent,
    setRecurent,
    email,
    referral,
    subtotal,
    creditUsed,
    total,
    blocker,
    /** The pending-payment modal, rendered by the screen. */
    pendingUi: ui,
    /** While the pending check or the creation runs. */
    pending: checking || create.isPending,
    /** Creates the payment once no other one is pending. */
    pay: (body: Body) => guard(() => create.mutate(body)),
  };
}
