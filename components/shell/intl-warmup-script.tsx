import { warmIntlOffMainThread } from "@/lib/client/intl-warmup";
import { INTL_LOCALES } from "@/lib/shared/format";
import { inlineJson } from "./inline-json";

// The function's source and the interface's locales, built once per process.
const source = `(${warmIntlOffMainThread.toString()})(${inlineJson(INTL_LOCALES)})`;

/**
 * The inline script that starts loading the formatting data on a worker (lib/client/intl-warmup.ts), with
 * the request's CSP nonce. A server component: it sends source text, no client code.
 */
export function IntlWarmupScript({ nonce }: { nonce: string | undefined }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: source }} />;
}
