import type { CustomValues } from "@/lib/shared/pricing/custom-tariff";

// The payment vocabulary shared by the payments module and the schema's payments columns.

export const PAYMENT_KINDS = ["tariff", "custom", "package", "renewal"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_STATUSES = [
  "pending",
  "waiting_confirmation",
  "completed",
  "canceled",
  "failed",
  "expired",
  "refunded",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The payment providers a payment row can name (lib/server/payments/providers). */
export const PAYMENT_PROVIDERS = ["sandbox", "yookassa", "stars"] as const;
/** A payment the payer may still pay. */
export const OPEN_STATUSES: PaymentStatus[] = ["pending", "waiting_confirmation"];
/** How a payment ends without being applied. */
export type ClosedStatus = Extract<PaymentStatus, "canceled" | "failed" | "expired">;

/** A custom tariff's composition, stored on its payment (payments.details). */
export type CustomDetails = { limits: CustomValues; modelIds: number[] | null };

/** A priced and validated purchase, ready to be paid. */
export type Order = {
  kind: Exclude<PaymentKind, "renewal">;
  tariffId?: number;
  packageId?: number;
  months: number;
  /** Full price before the referral discount, in roubles. */
  total: number;
  /** A change of tariff: the unused part of the running tariff credited toward it, in roubles (at most `total`). */
  credit?: number;
  refAmount: number;
  email?: string;
  recurrent: boolean;
  details?: CustomDetails;
  description: string;
};
