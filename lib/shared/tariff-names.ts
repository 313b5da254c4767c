// Tariff names as the catalogue and the API spell them.
export const TARIFF_NAMES = ["Free", "Starter", "Neuro Basic", "Custom"] as const;
export type TariffName = (typeof TARIFF_NAMES)[number];
export const FREE_TARIFF: TariffName = "Free";
export const CUSTOM_TARIFF: TariffName = "Custom";
