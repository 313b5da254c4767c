"use client";
import type { QueryClient } from "@tanstack/react-query";
import { onHostReturn } from "@/lib/client/host";
import { APP_RETURN_MESSAGE } from "@/lib/client/app-return";
import { modelKeys } from "./models";
import { paymentKeys } from "./payments";
import { referralKeys } from "./referral";
import { settingsKeys } from "./settings";
import { userKeys } from "./user";

// Everything a payment, a renewal or a change made on another device can alter: the tariff and its
// dates, balances and limits, the spending list, payments and the pending one, auto-pay, which models open.
const ACCOUNT_KEYS = [userKeys.all, referralKeys.balance(), paymentKeys.all, settingsKeys.all, modelKeys.all];

/** Marks the account's data stale; what is on screen is fetched again at once, the rest when next shown. */
export function refreshAccount(client: QueryClient): void {
  for (const queryKey of ACCOUNT_KEYS) void client.invalidateQueries({ queryKey });
}

// One refresh for the bunch of events a single return fires (focus, visibility, the host's event).
const QUIET_MS = 1000;

/**
 * Keeps the account current when the person comes back to the app: the page shown again or focused,
 * the host's invoice closed or the mini-app shown again, or the checkout's return link in another tab
 * of this app (docs/product/screens.md "Client data layer"). Answers the function that stops it.
 */
export function refreshOnReturn(client: QueryClient): () => void {
  let last = 0;
  const refresh = () => {
    const now = Date.now();
    if (now - last < QUIET_MS) return;
    last = now;
    refreshAccount(client);
  };
  const onVisibility = () => document.visibilityState === "visible" && refresh();
  const onMessage = (event: MessageEvent) => {
    if (event.origin === window.location.origin && event.data === APP_RETURN_MESSAGE) refresh();
  };
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("focus", refresh);
  window.addEventListener("pageshow", refresh);
  window.addEventListener("message", onMessage);
  const offHost = onHostReturn(refresh);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("focus", refresh);
    window.removeEventListener("pageshow", refresh);
    window.removeEventListener("message", onMessage);
    offHost();
  };
}
