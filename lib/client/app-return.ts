// The message the sandbox checkout posts to the app tab that opened it when the person goes back to
// it (app/checkout): the app refreshes the account (lib/queries/account-freshness.ts) and the
// checkout tab closes, so no second copy of the app opens.
export const APP_RETURN_MESSAGE = "app:returned-from-checkout";
