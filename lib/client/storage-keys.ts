// Keys of values the client keeps in localStorage.
export const STORAGE_KEYS = {
  token: "token",
  language: "language",
  userTariff: "user_tariff",
  customTariff: "custom_tariff_settings",
  videoProcessing: "video_processing_state",
} as const;
