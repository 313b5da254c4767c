import "server-only";
import { env } from "@/lib/env";
import { ApiError } from "@/lib/server/http/api-error";
import { instrumented } from "@/lib/server/log";
import { sandboxProvider } from "@/lib/server/demo/sandbox-payments";
import { starsProvider } from "./stars/client";
import type { PaymentProvider } from "./types";
import { yookassaProvider } from "./yookassa/client";

const providers: Record<string, PaymentProvider> = {
  sandbox: instrumented("payments:sandbox", sandboxProvider),
  yookassa: instrumented("payments:yookassa", yookassaProvider),
  stars: instrumented("payments:stars", starsProvider),
};

/** The provider new payments go through (PAYMENT_PROVIDER). */
export const activeProvider = (): PaymentProvider => providerByName(env.PAYMENT_PROVIDER);

/** The provider an existing payment was made with. */
export function providerByName(name: string): PaymentProvider {
  const provider = providers[name];
  if (!provider) throw new ApiError("internal", `Payment provider "${name}" is not available`);
  return provider;
}

export type { CallOptions, PaymentProvider } from "./types";
