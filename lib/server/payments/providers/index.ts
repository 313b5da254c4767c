import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { sandboxProvider } from "./sandbox";
import { starsProvider } from "./stars";
import type { PaymentProvider } from "./types";
import { yookassaProvider } from "./yookassa";

const providers: Record<string, PaymentProvider> = { sandbox: sandboxProvider, yookassa: yookassaProvider, stars: starsProvider };

/** The provider new payments go through (PAYMENT_PROVIDER). */
export const activeProvider = (): PaymentProvider => providerByName(env.PAYMENT_PROVIDER);

/** The provider an existing payment was made with. */
export function providerByName(name: string): PaymentProvider {
  const provider = providers[name];
  if (!provider) throw new ApiError("internal", `Payment provider "${name}" is not available`);
  return provider;
}

export type { PaymentProvider, ProviderPayment } from "./types";
