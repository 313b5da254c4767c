"use client";
import {
  backButton,
  downloadFile,
  emitEvent,
  init,
  invoice,
  miniApp,
  mockTelegramEnv,
  off,
  on,
  openLink,
  retrieveLaunchParams,
  requestWriteAccess as hostRequestWriteAccess,
  shareURL,
} from "@telegram-apps/sdk-react";
import { isInvoiceLink } from "./telegram-links";
import { demoWriteAccess } from "@/lib/client/demo-host";
import { startHostFrame } from "@/lib/client/host-frame";
import { nextTask } from "@/lib/client/next-task";
import type { Launch } from "@/lib/client/launch-params";

// @telegram-apps/sdk, loaded after the first paint by lib/client/host.ts (never import it elsewhere:
// the SDK and its launch-parameter schemas would join the first load). Each host call answers
// whether the host took it, so the facade can fall back to what a browser does.

export { haptic, holdVerticalSwipes } from "@/lib/client/host-frame";

const NO_INSETS = { top: 0, bottom: 0, left: 0, right: 0 };

/** Answers the requests a real host would answer, so components waiting on them mount in a browser. */
function answerDemoHost(themeParams: Launch["themeParams"]) {
  return ([method]: [string, unknown]): void => {
    const answer = (): void => {
      if (method === "web_app_request_theme") emitEvent("theme_changed", { theme_params: themeParams });
      else if (method === "web_app_request_safe_area") emitEvent("safe_area_changed", NO_INSETS);
      else if (method === "web_app_request_content_safe_area") emitEvent("content_safe_area_changed", NO_INSETS);
      // `?demo_write=deny` plays a user who refuses the bot write access (see ensureWriteAccess).
      else if (method === "web_app_request_write_access")
        emitEvent("write_access_requested", { status: demoWriteAccess() === "deny" ? "cancelled" : "allowed" });
    };
    // The SDK listens for the answer right after posting the request.
    setTimeout(answer, 0);
  };
}

/**
 * Starts the SDK on the launch read before the first paint. Outside the messenger (demo mode) the
 * host is mocked with the launch data the server signed, so the rest runs as it would in Telegram.
 * The ready signal was already posted (lib/client/launch-params.ts) inside the messenger.
 */
export async function mountHost(launch: Launch): Promise<void> {
  // Each step of the start in its own task, the first after the one that evaluated the SDK's modules: run
  // together, right after the first paint, they made one long task that kept the page from answering a tap.
  await nextTask();
  if (launch.mode === "demo") {
    mockTelegramEnv({
      launchParams: {
        tgWebAppData: launch.initData,
        tgWebAppVersion: "8.0",
        tgWebAppPlatform: "tdesktop",
        tgWebAppThemeParams: launch.themeParams,
      },
      resetPostMessage: true,
      // The mocked host answers the theme and inset requests; other methods are accepted silently.
      onEvent: answerDemoHost(launch.themeParams),
    });
  }
  init();
  await nextTask();
  retrieveLaunchParams();
  backButton.mount.ifAvailable();
  await nextTask();
  if (miniApp.mountSync.isAvailable()) miniApp.mountSync();
  await nextTask();
  await startHostFrame();
  if (launch.mode === "demo") miniApp.ready.ifAvailable();
}

export function setBackButton(visible: boolean): void {
  if (visible) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

export function onBackButton(handler: () => void): () => void {
  const result = backButton.onClick.ifAvailable(handler);
  return result[0] && typeof result[1] === "function" ? result[1] : () => {};
}

/** The host's signs that the person is back: an invoice closed (paid or not), the mini-app shown again. */
export function onReturn(handler: () => void): () => void {
  const onVisibility = ({ is_visible }: { is_visible: boolean }) => is_visible && handler();
  on("invoice_closed", handler);
  on("visibility_changed", onVisibility);
  return () => {
    off("invoice_closed", handler);
    off("visibility_changed", onVisibility);
  };
}

export const closeApp = (): void => void miniApp.close.ifAvailable();

export function openExternal(url: string): boolean {
  if (!openLink.isAvailable()) return false;
  openLink(url);
  return true;
}

export function openInvoice(url: string): boolean {
  if (!isInvoiceLink(url) || !invoice.open.isAvailable()) return false;
  invoice.open(url, "url").catch((error: unknown) => console.error("Invoice failed", error));
  return true;
}

export function hostDownload(url: string, fileName: string): boolean {
  if (!downloadFile.isAvailable()) return false;
  downloadFile(url, fileName).catch((error: unknown) => console.error("Download failed", error));
  return true;
}

export function hostShare(url: string, text: string): boolean {
  if (!shareURL.isAvailable()) return false;
  shareURL(url, text);
  return true;
}

/** The host's answer to a write-access request; "unavailable" when it cannot ask. */
export async function requestWriteAccess(): Promise<string> {
  if (!hostRequestWriteAccess.isAvailable()) return "unavailable";
  return hostRequestWriteAccess().catch(() => "cancelled");
}
