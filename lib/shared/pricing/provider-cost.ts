import type { ModelAction } from "@/lib/shared/model-actions";
import { ACTION_PRICE_BASIS } from "./job-price";

// What a provider charges us for a model (docs/product/console.md "Catalogue"): one
// figure per model in USD per its kind's basis. Quantities are counted as the job's price counts
// them (lib/shared/pricing/job-price.ts jobUnits): tokens, pictures, documents, started minutes of
// audio, seconds of video.

export const PROVIDER_COST_BASES = ["1000_tokens", "image", "minute", "document"] as const;
export type ProviderCostBasis = (typeof PROVIDER_COST_BASES)[number];

/** The basis the provider cost of an action's model is set in: video is priced per minute, like audio. */
export function providerCostBasis(action: ModelAction): ProviderCostBasis {
  const per = ACTION_PRICE_BASIS[action].per;
  return per === "5_seconds" ? "minute" : per;
}

/** USD a job of `quantity` (tokens, pictures, documents, minutes, or seconds of video) costs at `usdPerBasis`. */
export function providerCostUsd({
  action,
  quantity,
  usdPerBasis,
}: {
  action: ModelAction;
  quantity: number;
  usdPerBasis: number;
}): number {
  const per = ACTION_PRICE_BASIS[action].per;
  if (per === "1000_tokens") return (quantity / 1000) * usdPerBasis;
  if (per === "5_seconds") return (quantity / 60) * usdPerBasis;
  return quantity * usdPerBasis;
}
