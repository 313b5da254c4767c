"use client";
import { hapticFeedback, miniApp, swipeBehavior, themeParams, viewport } from "@telegram-apps/sdk-react";
import { nextTask } from "./next-task";
import { paintReadableColours } from "./readable-theme";

// The messenger's frame around the app (docs/product/screens.md): its theme as CSS variables (--tg-theme-*, read by
// app/globals.css), its header and background colours, full height, safe-area insets
// (--tg-viewport-*-safe-area-inset-*, read by the shell padding) and vertical swipes.

const THEME_ATTRIBUTE = "data-theme";

function followTheme(): void {
  if (themeParams.mountSync.isAvailable() && !themeParams.isMounted()) themeParams.mountSync();
  if (!themeParams.isCssVarsBound()) themeParams.bindCssVars.ifAvailable();
  if (miniApp.isMounted() && !miniApp.isCssVarsBound()) miniApp.bindCssVars.ifAvailable();
  const paint = () => {
    document.documentElement.setAttribute(THEME_ATTRIBUTE, themeParams.isDark() ? "dark" : "light");
    // The bound variables carry the host's colours as sent; the ones the stylesheet reads are made readable.
    paintReadableColours(themeParams.state(), themeParams.isDark());
    // The host draws its own header and the overscroll area in the app's page colour.
    miniApp.setHeaderColor.ifAvailable("secondary_bg_color");
    miniApp.setBackgroundColor.ifAvailable("secondary_bg_color");
  };
  paint();
  // A theme switched while the app is open arrives as theme_changed; the bound variables follow it.
  themeParams.state.sub(paint);
}

async function fillTheHeight(): Promise<void> {
  if (!viewport.mount.isAvailable() || viewport.isMounted() || viewport.isMounting()) return;
  // A host that never answers the insets request must not keep the app from starting.
  await viewport.mount({ timeout: 2000 }).catch(() => undefined);
  if (!viewport.isMounted()) return;
  if (!viewport.isCssVarsBound()) viewport.bindCssVars.ifAvailable();
  viewport.expand.ifAvailable();
}

/** Runs `step`; a host without a feature simply lacks it. */
function tryStep(step: () => void): void {
  try {
    step();
  } catch (error) {
    console.warn("Host frame", error);
  }
}

/**
 * Called once after the SDK starts, each step in its own task (lib/client/telegram.ts); never throws.
 * Resolves once the height has been asked for, without waiting for the host's answer.
 */
export async function startHostFrame(): Promise<void> {
  tryStep(followTheme);
  await nextTask();
  tryStep(() => {
    if (swipeBehavior.mount.isAvailable() && !swipeBehavior.isMounted()) swipeBehavior.mount();
  });
  await nextTask();
  void fillTheHeight();
}

/**
 * Keeps the host from closing the app on a vertical swipe while something is dragged (a dial, the
 * crop area). Answers the function that gives the swipe back.
 */
export function holdVerticalSwipes(): () => void {
  swipeBehavior.disableVertical.ifAvailable();
  return () => swipeBehavior.enableVertical.ifAvailable();
}

export type Haptic = "choose" | "pay" | "favourite" | "copy" | "success" | "error";

/** A short vibration on the taps that matter; silent outside the messenger or on old hosts. */
export function haptic(kind: Haptic): void {
  if (kind === "error" || kind === "success") hapticFeedback.notificationOccurred.ifAvailable(kind);
  else if (kind === "pay") hapticFeedback.impactOccurred.ifAvailable("medium");
  else hapticFeedback.impactOccurred.ifAvailable("light");
}
