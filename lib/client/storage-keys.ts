// Keys of values the client keeps in localStorage.
export const STORAGE_KEYS = {
  // The bearer token with the launch user it was issued to (lib/client/session.ts).
  session: "session",
  language: "language",
  // The tariff and balance last seen, per Telegram user, for the first paint (lib/client/account-snapshot.ts).
  accountSnapshot: "account_snapshot",
  customTariff: "custom_tariff_settings",
  videoProcessing: "video_processing_state",
  // The operator token of the console at /admin (lib/client/admin-session.ts).
  adminToken: "admin_token",
} as const;
