// Tariff names as the catalogue and the API spell them.
export const TARIFF_NAMES = ["Free", "Starter", "Neuro Basic", "Custom"] as const;
export type TariffName = (typeof TARIFF_NAMES)[number];
export const FREE_TARIFF: TariffName = "Free";
export const CUSTOM_TARIFF: TariffName = "Custom";
/** The tariffs POST /api/tariff/create sells: not Free, and Custom has its own call. */
export const STANDARD_TARIFFS = ["Starter", "Neuro Basic"] as const satisfies readonly TariffName[];
export type StandardTariffName = (typeof STANDARD_TARIFFS)[number];
