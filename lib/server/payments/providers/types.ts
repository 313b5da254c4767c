import "server-only";

// One interface for every payment provider. Amounts are kopecks; the provider converts.
export type ProviderStatus = "pending" | "waiting_for_capture" | "succeeded" | "canceled";

export type ProviderPayment = {
  providerPaymentId: string;
  status: ProviderStatus;
  amountKopecks: number;
  /** Where the payer confirms (absent for charges of a saved method). */
  paymentUrl?: string;
  /** A payment method the provider saved for auto-payment. */
  savedPaymentMethodId?: string;
  /** Our payment id, as echoed back in the provider's metadata. */
  ourPaymentId?: string;
  /** The amount invoiced in the provider's own units (Stars), when it is not roubles. */
  providerAmount?: number;
};

export type CreateInput = {
  paymentId: string;
  amountKopecks: number;
  description: string;
  email?: string | null;
  savePaymentMethod: boolean;
  returnUrl: string;
};

export type ChargeSavedInput = Omit<CreateInput, "savePaymentMethod" | "returnUrl"> & { paymentMethodId: string };

/** How long a provider call may take: short on a user's request or a webhook, longer in jobs. */
export type CallOptions = { timeoutMs?: number };

/** The provider's word on an open payment: paid in full (with any method it saved), or not (yet). */
export type PaidCheck = { paid: true; savedPaymentMethodId?: string } | { paid: false };

export interface PaymentProvider {
  readonly name: "sandbox" | "yookassa" | "stars";
  /** Whether a payment closed in our table is closed for the provider too (it only takes payments our own checks let through). */
  readonly closesLocally: boolean;
  create(input: CreateInput): Promise<ProviderPayment>;
  /** Whether the payer paid this payment, for the amount we asked; providers that keep no state say no. */
  wasPaid(payment: { providerPaymentId: string; amountKopecks: number }, options?: CallOptions): Promise<PaidCheck>;
  /**
   * Closes the payment at the provider where it can; answers whether the provider will no longer
   * take it (docs/product/referral.md "Reserved roubles"). YooKassa cannot cancel a payment still
   * waiting for the payer: it stays payable until YooKassa cancels it itself.
   */
  cancel(providerPaymentId: string, options?: CallOptions): Promise<boolean>;
  chargeSaved(input: ChargeSavedInput): Promise<ProviderPayment>;
  /**
   * Returns a paid payment's money to the payer: "succeeded" when the provider says it is done,
   * "pending" when its notification will say so later; throws when the provider refused it. Asking
   * twice for one payment returns the money once.
   */
  refund(input: RefundInput): Promise<"succeeded" | "pending">;
}

/**
 * A refund of `amountKopecks` (the whole payment, or a part where the provider allows it):
 * `reason` is the operator's, shown to the payer where the provider passes it on; asking again with
 * the same `idempotenceKey` returns the money once.
 */
export type RefundInput = {
  paymentId: string;
  providerPaymentId: string;
  amountKopecks: number;
  idempotenceKey: string;
  payerTelegramId: number;
  reason: string;
  /**
   * For a refund of part of a payment made with a 54-FZ receipt: the purchase and the payer's
   * email, so the provider registers a receipt for the part returned (a whole refund reuses the
   * payment's own receipt data).
   */
  receipt?: { email: string; description: string };
};
