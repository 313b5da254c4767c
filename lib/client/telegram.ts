"use client";
import {
  backButton,
  downloadFile as hostDownloadFile,
  init,
  invoice,
  isTMA,
  miniApp,
  mockTelegramEnv,
  openLink,
  retrieveLaunchParams,
  retrieveRawInitData,
  requestWriteAccess,
  shareURL,
} from "@telegram-apps/sdk-react";
import { isInvoiceLink } from "@/lib/telegram-links";
import { answerDemoHost, demoThemeParams, readDemoTheme } from "@/lib/client/demo-host";
import { demoCheckoutUrl } from "@/lib/client/demo-query";
import { startHostFrame } from "@/lib/client/host-frame";

export type HostMode = "telegram" | "demo";

type DemoInitData = { initData: string };

/**
 * Outside the messenger (demo mode) the host is mocked with launch data the server signed with its
 * development bot token, so the rest of the app runs exactly as it would inside Telegram.
 */
async function mockHostForDemo(): Promise<void> {
  // ?demo_user=<id>&demo_lang=en on the page URL signs in as another demo account (used by e2e tests).
  const page = new URLSearchParams(window.location.search);
  const query = new URLSearchParams();
  if (page.get("demo_user")) query.set("user", page.get("demo_user")!);
  if (page.get("demo_lang")) query.set("lang", page.get("demo_lang")!);
  if (page.get("demo_start")) query.set("start", page.get("demo_start")!);
  if (page.get("demo_write") === "deny") query.set("write", "deny");
  const res = await fetch(`/api/demo/init-data?${query}`);
  if (!res.ok) throw new Error("Launch params unavailable: the app was opened outside the messenger");
  const { initData } = (await res.json()) as DemoInitData;
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: initData,
      tgWebAppVersion: "8.0",
      tgWebAppPlatform: "tdesktop",
      // ?demo_theme=dark reports the dark palette (lib/client/demo-host.ts).
      tgWebAppThemeParams: demoThemeParams(readDemoTheme()),
    },
    resetPostMessage: true,
    // The mocked host answers the theme and inset requests; other methods are accepted silently.
    onEvent: answerDemoHost,
  });
}

let started: Promise<HostMode> | null = null;
let hostMode: HostMode = "telegram";

/** Starts the SDK once. Rejects when the host is too old or missing (shown as the start-up failure page). */
export function startTelegram(): Promise<HostMode> {
  started ??= (async () => {
    const inTelegram = await isTMA("complete");
    if (!inTelegram) await mockHostForDemo();
    init();
    retrieveLaunchParams();
    backButton.mount.ifAvailable();
    if (miniApp.mountSync.isAvailable()) miniApp.mountSync();
    startHostFrame();
    miniApp.ready.ifAvailable();
    hostMode = inTelegram ? "telegram" : "demo";
    return hostMode;
  })();
  return started;
}

export const getRawInitData = (): string | undefined => retrieveRawInitData();

export function getLaunchUser(): { username?: string; first_name?: string } | undefined {
  try {
    return retrieveLaunchParams().tgWebAppData?.user as { username?: string; first_name?: string } | undefined;
  } catch {
    return undefined;
  }
}

export function setHostBackButton(visible: boolean): void {
  if (visible) backButton.show.ifAvailable();
  else backButton.hide.ifAvailable();
}

export function onHostBackButton(handler: () => void): () => void {
  const result = backButton.onClick.ifAvailable(handler);
  return result[0] && typeof result[1] === "function" ? result[1] : () => {};
}

/** A browser tab playing the messenger (demo mode): the bot chat is the demo chat page. */
export const isDemoHost = (): boolean => hostMode === "demo";

/** Closes the mini-app when the host allows it (after a successful launch or payment redirect). */
export function closeMiniApp(): void {
  // A browser tab in demo mode cannot be closed by the app; the mocked host ignores the call.
  if (hostMode === "telegram") miniApp.close.ifAvailable();
}

/** Opens a URL in the external browser (payment links); answers whether the host took it. */
function openExternalLink(url: string): boolean {
  if (hostMode === "telegram" && openLink.isAvailable()) {
    openLink(url);
    return true;
  }
  window.open(url, "_blank");
  return false;
}

/**
 * Opens a payment link: a Stars invoice inside the host (the mini-app must stay open for it),
 * anything else in the external browser. `handedToHost`: the host took an external link, so the
 * mini-app may close; otherwise it must stay open (closing would leave the user with nothing).
 */
export function openPaymentLink(url: string): { handedToHost: boolean } {
  if (hostMode === "telegram" && isInvoiceLink(url) && invoice.open.isAvailable()) {
    invoice.open(url, "url").catch((error: unknown) => console.error("Invoice failed", error));
    return { handedToHost: false };
  }
  // The demo's sandbox checkout must lead back to the same demo account, language and theme.
  return { handedToHost: openExternalLink(hostMode === "demo" ? demoCheckoutUrl(url) : url) };
}

/** Saves a file: the host's download prompt inside the messenger, a download link in a browser. */
export function downloadFile(url: string, fileName: string): void {
  const absolute = new URL(url, window.location.href).toString();
  if (hostMode === "telegram" && hostDownloadFile.isAvailable()) {
    hostDownloadFile(absolute, fileName).catch((error: unknown) => console.error("Download failed", error));
    return;
  }
  const link = document.createElement("a");
  link.href = absolute;
  link.download = fileName;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
}

/** Shares a link through the host's share sheet; outside the messenger, the browser's, if any. */
export function shareLink(url: string, text: string): boolean {
  if (shareURL.isAvailable()) {
    shareURL(url, text);
    return true;
  }
  if (typeof navigator.share === "function") {
    void navigator.share({ url, text }).catch(() => {});
    return true;
  }
  return false;
}

const WRITE_ACCESS_KEY = "write_access_granted";

/** The user refused the bot permission to write to them: a launch would reach no chat. */
export class WriteAccessDeniedError extends Error {
  constructor() {
    super("The bot may not write to this user");
    this.name = "WriteAccessDeniedError";
  }
}

/**
 * Before a launch: a user who opened the app from a link without ever starting the bot has not
 * allowed it to write (launch data `allows_write_to_pm`), and every bot message would be refused.
 * The host is asked once; a refusal stops the launch with a message saying how to continue.
 */
export async function ensureWriteAccess(): Promise<void> {
  let allowed = true;
  try {
    allowed = (retrieveLaunchParams().tgWebAppData?.user as { allows_write_to_pm?: boolean } | undefined)?.allows_write_to_pm ?? true;
  } catch {
    return;
  }
  if (allowed || localStorage.getItem(WRITE_ACCESS_KEY) === "1" || !requestWriteAccess.isAvailable()) return;
  const status = await requestWriteAccess().catch(() => "cancelled");
  if (status !== "allowed") throw new WriteAccessDeniedError();
  localStorage.setItem(WRITE_ACCESS_KEY, "1");
}
