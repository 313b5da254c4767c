import "server-only";
import { env } from "@/lib/env";
import { clientAddress, DEFAULT_TRUSTED_PROXIES, fromTrustedProxy } from "./client-address";

// The caller's address and the trust of forwarded headers as configured: TRUSTED_PROXY_COUNT proxies
// of ours, at TRUSTED_PROXY_ADDRESSES (docs/operations.md "Trusted proxies").

const trustedProxies = () => env.TRUSTED_PROXY_ADDRESSES ?? DEFAULT_TRUSTED_PROXIES;

/** The request's client address (client-address.ts), undefined when it cannot be told. */
export const requestClientAddress = (req: Request): string | undefined =>
  clientAddress(req, env.TRUSTED_PROXY_COUNT, trustedProxies());

/** How many proxies' forwarded headers (X-Forwarded-Host/-Proto) to read: none unless a trusted proxy sent the request. */
export const forwardingProxies = (req: Request): number =>
  env.TRUSTED_PROXY_COUNT > 0 && fromTrustedProxy(req, trustedProxies()) ? env.TRUSTED_PROXY_COUNT : 0;
