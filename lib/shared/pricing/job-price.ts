import type { ModelAction } from "@/lib/shared/model-actions";
import { perKind, type QuotaKey } from "@/lib/shared/quota-kinds";

// One price per job (docs/product/billing.md "Prices per job"): each model action costs `units` of
// its kind per its basis. The server charges it, the bot says it, and every screen's estimate
// ("≈ N generations", the builder's tooltips, the tariff cards) is derived from it here.

export const COST_BASES = ["1000_tokens", "image", "minute", "document", "5_seconds"] as const;
export type CostBasis = (typeof COST_BASES)[number];

/** What `GET /api/models/all` answers in each action: `units` of `kind` per `per`. */
export type ActionCost = { kind: QuotaKey; units: number; per: CostBasis };

/** The kind and basis of each action's price; the units are the catalogue's. */
export const ACTION_PRICE_BASIS: Record<ModelAction, Omit<ActionCost, "units">> = {
  text: { kind: "text_tokens", per: "1000_tokens" },
  files: { kind: "file_tokens", per: "document" },
  text_to_image: { kind: "image_tokens", per: "image" },
  generate_image: { kind: "image_tokens", per: "image" },
  speech_to_text: { kind: "audio_tokens", per: "minute" },
  noise_removal: { kind: "audio_tokens", per: "minute" },
  dubbing: { kind: "audio_tokens", per: "minute" },
  text_to_video: { kind: "video_tokens", per: "5_seconds" },
  image_to_video: { kind: "video_tokens", per: "5_seconds" },
  video_to_video: { kind: "video_tokens", per: "5_seconds" },
};

/** A text message is about this many tokens (the message estimate of the text kind). */
export const TOKENS_PER_MESSAGE = 100;
const TOKENS_PER_BASIS = 1000;

/**
 * The default price of an action when the catalogue names none: the message estimate of its kind
 * (one picture, one document, one audio minute, one 5-second piece of video), and for text a
 * multiplier of 1 (1000 units per 1000 tokens).
 */
const DEFAULT_UNITS = perKind("apiKey", (r) => (r.apiKey === "text_tokens" ? TOKENS_PER_BASIS : r.messageCost));
export const defaultActionCost = (action: ModelAction, textMultiplier = 1): ActionCost => {
  const basis = ACTION_PRICE_BASIS[action];
  return {
    ...basis,
    units: basis.kind === "text_tokens" ? Math.round(TOKENS_PER_BASIS * textMultiplier) : DEFAULT_UNITS[basis.kind],
  };
};

export const actionCost = (action: ModelAction, units: number): ActionCost => ({
  ...ACTION_PRICE_BASIS[action],
  units,
});

/**
 * Units a job takes, `quantity` being what its basis counts: for text the tokens the provider
 * reported (times the model's multiplier, rounded up); for video the clip's seconds, priced per 5 s
 * in proportion (an 8-second clip at 25 costs 40); otherwise pictures, documents or started minutes
 * times the price.
 */
export function jobUnits(cost: ActionCost, quantity: number): number {
  if (quantity <= 0) return 0;
  if (cost.per === "1000_tokens") return Math.ceil((quantity * cost.units) / TOKENS_PER_BASIS);
  if (cost.per === "5_seconds") return Math.ceil((quantity / 5) * cost.units);
  return Math.ceil(quantity) * cost.units;
}

/** Units one typical job takes: a ~100-token message, one picture, one document, one minute, 5 s of video. */
export const unitsPerGeneration = (cost: ActionCost): number =>
  Math.max(1, cost.per === "1000_tokens" ? jobUnits(cost, TOKENS_PER_MESSAGE) : cost.units);

/**
 * The price a screen quotes for a kind: the median of the catalogue's prices of that kind (all
 * models equal with the seeded defaults), or the kind's default when the catalogue has none.
 */
export function typicalUnits(costs: readonly ActionCost[], kind: QuotaKey): number {
  const of = costs
    .filter((c) => c.kind === kind)
    .map(unitsPerGeneration)
    .sort((a, b) => a - b);
  if (of.length === 0) return kind === "text_tokens" ? TOKENS_PER_MESSAGE : DEFAULT_UNITS[kind];
  return of[Math.floor((of.length - 1) / 2)];
}

/** The quota key of each builder kind ("files" → file_tokens), for the screens that speak in builder kinds. */
export const KIND_KEY = perKind("custom", (r) => r.apiKey);

/** Every action's price a models list answers (the client reads them from the models query). */
export const actionCostsOf = (models: readonly { actions: readonly { cost: ActionCost }[] }[]): ActionCost[] =>
  models.flatMap((m) => m.actions.map((a) => a.cost));

/** About how many jobs `balance` units of `kind` buy at the catalogue's typical price. */
export const generationsFor = (costs: readonly ActionCost[], kind: QuotaKey, balance: number): number =>
  Math.floor(balance / typicalUnits(costs, kind));
