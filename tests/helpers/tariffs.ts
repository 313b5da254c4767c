import { catalogueRates, catalogueTariffs } from "@/db/catalogue";

// The seeded catalogue as the tariff calls answer it: the expected values of the tariff suites.

export const neuroBasic = catalogueTariffs.find((t) => t.name === "Neuro Basic")!;
/** A composed (custom) tariff takes each kind from 2 x Neuro Basic up to the Custom tariff's balance. */
export const customTariff = catalogueTariffs.find((t) => t.name === "Custom")!;

/** The seeded conversion rates under the names GET /api/tariff/create_data answers them. */
export const seededRates = {
  token_to_usd_rate: catalogueRates.tokenToUsdRate,
  audio_token_to_usd_rate: catalogueRates.audioTokenToUsdRate,
  image_token_to_usd_rate: catalogueRates.imageTokenToUsdRate,
  video_token_to_usd_rate: catalogueRates.videoTokenToUsdRate,
  file_token_to_usd_rate: catalogueRates.fileTokenToUsdRate,
  usd_rate: catalogueRates.usdRate,
};
