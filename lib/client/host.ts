"use client";
import type * as TelegramSdk from "./telegram";
import type { Haptic } from "./host-frame";
import { currentLaunch, type Launch } from "./launch-params";
import { demoCheckoutUrl } from "./demo-query";

// What the app asks of the messenger, without @telegram-apps/sdk in the first load: the SDK module
// (lib/client/telegram.ts) is imported right after the first paint and kept here, so the calls made
// by a tap - long after it loaded - stay synchronous inside the click (a window.open outside it
// would be blocked as a popup). Before it loads, each call does what a browser tab would.

let sdk: typeof TelegramSdk | undefined;
let hostStarted = false;
let announceLoaded: (loaded: typeof TelegramSdk) => void = () => {};
const sdkLoaded = new Promise<typeof TelegramSdk>((resolve) => (announceLoaded = resolve));

/** After the first paint: loads the SDK, which mocks the host in demo mode and mounts the back button, theme and frame. */
export function startHost(launch: Launch): void {
  if (hostStarted) return;
  hostStarted = true;
  import("./telegram")
    .then(async (loaded) => {
      await loaded.mountHost(launch);
      sdk = loaded;
      announceLoaded(loaded);
    })
    .catch((error: unknown) => console.warn("Host start", error));
}

/** A browser tab playing the messenger (demo mode): the bot chat is the demo chat page. */
export const isDemoHost = (): boolean => currentLaunch()?.mode === "demo";

const inTelegram = (): boolean => currentLaunch()?.mode === "telegram";

export function setHostBackButton(visible: boolean): void {
  void sdkLoaded.then((loaded) => loaded.setBackButton(visible));
}

export function onHostBackButton(handler: () => void): () => void {
  let off: (() => void) | undefined;
  let stopped = false;
  void sdkLoaded.then((loaded) => {
    if (!stopped) off = loaded.onBackButton(handler);
  });
  return () => {
    stopped = true;
    off?.();
  };
}

/**
 * Calls `handler` when the person comes back to the mini-app through the host: an invoice closed, or
 * the mini-app shown again after it was minimised. Answers the function that stops it.
 */
export function onHostReturn(handler: () => void): () => void {
  let off: (() => void) | undefined;
  let stopped = false;
  void sdkLoaded.then((loaded) => {
    if (!stopped) off = loaded.onReturn(handler);
  });
  return () => {
    stopped = true;
    off?.();
  };
}

/** Closes the mini-app when the host allows it (after a successful launch or payment redirect). */
export function closeMiniApp(): void {
  // A browser tab in demo mode cannot be closed by the app; the mocked host ignores the call.
  if (inTelegram()) sdk?.closeApp();
}

/** Opens a URL in the external browser (payment links); answers whether the host took it. */
function openExternalLink(url: string): boolean {
  if (inTelegram() && sdk?.openExternal(url)) return true;
  window.open(url, "_blank");
  return false;
}

/** Opens a page of this app outside the mini-app (the console): the external browser in the messenger, this tab elsewhere. */
export function openAppPageOutside(url: string): void {
  if (inTelegram() && sdk?.openExternal(url)) return;
  window.location.assign(url);
}

/**
 * Opens a payment link: a Stars invoice inside the host (the mini-app must stay open for it),
 * anything else in the external browser. `handedToHost`: the host took an external link, so the
 * mini-app may close; otherwise it must stay open (closing would leave the user with nothing).
 */
export function openPaymentLink(url: string): { handedToHost: boolean } {
  if (inTelegram() && sdk?.openInvoice(url)) return { handedToHost: false };
  // The demo's sandbox checkout must lead back to the same demo account, language and theme.
  return { handedToHost: openExternalLink(isDemoHost() ? demoCheckoutUrl(url) : url) };
}

/** Saves a file: the host's download prompt inside the messenger, a download link in a browser. */
export function downloadFile(url: string, fileName: string): void {
  const absolute = new URL(url, window.location.href).toString();
  if (inTelegram() && sdk?.hostDownload(absolute, fileName)) return;
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
  if (sdk?.hostShare(url, text)) return true;
  if (typeof navigator.share === "function") {
    void navigator.share({ url, text }).catch(() => {});
    return true;
  }
  return false;
}

/** A short vibration on the taps that matter; silent outside the messenger, on old hosts or before the SDK loads. */
export const haptic = (kind: Haptic): void => sdk?.haptic(kind);

/**
 * Keeps the host from closing the app on a vertical swipe while something is dragged (a dial, the
 * crop area). Answers the function that gives the swipe back.
 */
export const holdVerticalSwipes = (): (() => void) => sdk?.holdVerticalSwipes() ?? (() => {});

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
  const allowed = currentLaunch()?.user?.allows_write_to_pm ?? true;
  if (allowed || localStorage.getItem(WRITE_ACCESS_KEY) === "1") return;
  const status = await (await sdkLoaded).requestWriteAccess();
  if (status === "unavailable") return;
  if (status !== "allowed") throw new WriteAccessDeniedError();
  localStorage.setItem(WRITE_ACCESS_KEY, "1");
}
