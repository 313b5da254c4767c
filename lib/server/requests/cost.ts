import type { ChannelPrices } from "@/lib/shared/operator-roles";

/** What one provider call cost in roubles at its channel's prices (docs/product/channels.md "Prices"). */
export function requestCostRub(
  prices: ChannelPrices,
  used: { tokensIn: number; tokensOut: number; images: number; audioMinutes: number; videoSeconds: number },
): number {
  const cost =
    (used.tokensIn / 1000) * (prices.in_per_1k ?? 0) +
    (used.tokensOut / 1000) * (prices.out_per_1k ?? 0) +
    used.images * (prices.per_image ?? 0) +
    used.audioMinutes * (prices.per_audio_minute ?? 0) +
    used.videoSeconds * (prices.per_video_second ?? 0);
  return Math.round(cost * 1e6) / 1e6;
}
