// What the page's inline launch script (lib/client/launch-splash.ts) and the shell (launch-params.ts)
// both do with the messenger. The inline script runs before any bundle loads, so it is sent these
// functions as their source text: each uses nothing but its arguments and the browser.

/** Whether a messenger can hear the app: the web client's frame, the apps' webview proxy, or Windows Phone's notify. */
export function hostListens(): boolean {
  const host = window as Window & {
    TelegramWebviewProxy?: { postEvent?: unknown };
    external?: { notify?: unknown };
  };
  let framed = true;
  try {
    framed = window.self !== window.top;
  } catch {}
  return (
    framed || typeof host.TelegramWebviewProxy?.postEvent === "function" || typeof host.external?.notify === "function"
  );
}

/**
 * Posts a method to the messenger the way the SDK's bridge does (core.telegram.org/api/web-events):
 * parent.postMessage of {eventType, eventData} as JSON to the web client's origin in its frame,
 * TelegramWebviewProxy.postEvent(eventType, JSON of eventData) in the apps, external.notify(JSON) on Windows Phone.
 */
export function postToHost(eventType: string, eventData?: unknown): void {
  const host = window as Window & {
    TelegramWebviewProxy?: { postEvent?: (eventType: string, eventData?: string) => void };
    external?: { notify?: (message: string) => void };
  };
  const message = JSON.stringify({ eventType, eventData });
  let framed = true;
  try {
    framed = window.self !== window.top;
  } catch {}
  if (framed) window.parent.postMessage(message, "https://web.telegram.org");
  else if (host.TelegramWebviewProxy?.postEvent)
    host.TelegramWebviewProxy.postEvent(eventType, JSON.stringify(eventData));
  else host.external?.notify?.(message);
}

/**
 * The messenger's colours as the --tg-theme-* variables app/globals.css reads, and <html data-theme>
 * as the SDK's themeParams.isDark decides it (no background colour, or its perceived brightness under
 * 120). Answers whether the theme is dark.
 */
export function paintHostColours(themeParams: Record<string, string>): boolean {
  const root = document.documentElement;
  for (const key of Object.keys(themeParams))
    root.style.setProperty("--tg-theme-" + key.replace(/_/g, "-"), themeParams[key]);
  const hex = themeParams.bg_color;
  const rgb = hex ? /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex) : null;
  let dark = !hex;
  if (rgb) {
    const r = parseInt(rgb[1], 16);
    const g = parseInt(rgb[2], 16);
    const b = parseInt(rgb[3], 16);
    dark = Math.sqrt(0.299 * r * r + 0.587 * g * g + 0.114 * b * b) < 120;
  }
  root.setAttribute("data-theme", dark ? "dark" : "light");
  return dark;
}
