import type { StandardTariff, TariffModel } from "@/lib/contracts/tariff";
import type { CustomKind } from "@/lib/shared/pricing/custom-tariff";
import { kindsInOrder, perKind } from "@/lib/shared/quota-kinds";

// What a tariff card shows (docs/product/screens.md): up to 4 text models in random order, one random
// model each of image, file, video and audio, and five card styles used in turn.
export const CARD_STYLE_COUNT = 5;
export const MAX_TEXT_MODELS = 4;
export const cardStyleIndex = (index: number): number =>
  ((index % CARD_STYLE_COUNT) + CARD_STYLE_COUNT) % CARD_STYLE_COUNT;

/** Every kind in card order (text first). */
export const CARD_ORDER: readonly CustomKind[] = kindsInOrder("cardOrder", "custom");
// The kinds shown with one model each, in card order (text shows a list of models).
export type CardKind = Exclude<CustomKind, "text">;
export const CARD_KINDS: readonly CardKind[] = CARD_ORDER.filter((kind) => kind !== "text");

const TYPES_OF = perKind("custom", (r): readonly string[] => r.modelTypes);
const TARIFF_FIELD = perKind("custom", (r) => r.tariffField);

export type Random = () => number;

/** Fisher-Yates shuffle of a copy, with an injectable source of randomness. */
export function shuffle<T>(items: readonly T[], random: Random = Math.random): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

export type CardModels = { text: TariffModel[] } & Record<CardKind, TariffModel | null>;

export function pickCardModels(models: readonly TariffModel[], random: Random = Math.random): CardModels {
  const ofKind = (kind: "text" | CardKind) => models.filter((m) => TYPES_OF[kind].includes(m.type));
  const one = (kind: CardKind) => {
    const list = ofKind(kind);
    return list.length ? list[Math.floor(random() * list.length)] : null;
  };
  return {
    ...perKind("custom", (r) => (r.custom === "text" ? null : one(r.custom))),
    text: shuffle(ofKind("text"), random).slice(0, MAX_TEXT_MODELS),
  };
}

/** The balance a card shows next to each kind. */
export const cardBalance = (tariff: StandardTariff, kind: CustomKind): number => tariff[TARIFF_FIELD[kind]];

/** Active when the tariff equals the user's stored tariff; no tariff (null) means Free. */
export const isActiveTariff = (cardName: string, userTariff: string | null | undefined, freeName: string): boolean =>
  cardName === (userTariff || freeName);
