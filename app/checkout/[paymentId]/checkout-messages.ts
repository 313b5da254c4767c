import type ru from "@/messages/ru.json";

/** The checkout page's strings (both languages have the same keys), shared with its client actions. */
export type CheckoutMessages = typeof ru.Checkout;
