"use client";
import { demoThemeParams, readDemoTheme } from "./demo-host";
import { paintReadableColours } from "./readable-theme";
import { hostListens, paintHostColours, postToHost } from "./host-primitives";

// The host's launch parameters, read without @telegram-apps/sdk so that the first paint (theme,
// greeting, sign-in) needs none of its bytes; the SDK loads after the first paint (lib/client/host.ts).
// The sources and the storage key are those of the SDK's bridge (@telegram-apps/bridge 2, used by
// @telegram-apps/sdk 3): the page URL's query and hash, the navigation entry's URL, then
// sessionStorage "tapps/launchParams" (a JSON string). Found parameters are stored there too, so a
// reload after the router took over the hash still finds them - and the SDK reads the same entry.

export type HostMode = "telegram" | "demo";
export type LaunchUser = {
  id?: number;
  first_name?: string;
  username?: string;
  language_code?: string;
  allows_write_to_pm?: boolean;
};
// Colours as #rrggbb by their Telegram names (bg_color, text_color...).
export type ThemeParams = Record<string, `#${string}`>;

/** What the app was launched with: the signed init data (sent to sign in) and what the first paint shows. */
export type Launch = { mode: HostMode; initData: string; user?: LaunchUser; themeParams: ThemeParams };

const STORAGE_KEY = "tapps/launchParams";
const queryOf = (url: string) => url.replace(/^[^?#]*[?#]/, "").replace(/[?#]/g, "&");
const isLaunchQuery = (query: string | undefined): query is string => {
  const params = new URLSearchParams(query);
  return params.has("tgWebAppVersion") && params.has("tgWebAppPlatform");
};

function storedQuery(): string | undefined {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "null");
    return typeof stored === "string" ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The raw launch query (tgWebAppData=...&tgWebAppVersion=...), or undefined outside the messenger. */
function readLaunchQuery(): string | undefined {
  const navigation = performance.getEntriesByType("navigation")[0];
  for (const query of [queryOf(window.location.href), navigation && queryOf(navigation.name), storedQuery()]) {
    if (!isLaunchQuery(query)) continue;
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(query));
    return query;
  }
  return undefined;
}

function parseUser(initData: string): LaunchUser | undefined {
  try {
    return JSON.parse(new URLSearchParams(initData).get("user") ?? "null") ?? undefined;
  } catch {
    return undefined;
  }
}

function parseThemeParams(json: string | null): ThemeParams {
  try {
    return (JSON.parse(json ?? "{}") as ThemeParams | null) ?? {};
  } catch {
    return {};
  }
}

/**
 * Outside the messenger (demo mode, a browser tab) the launch data comes from the server, signed with
 * its development bot token; ?demo_user=<id>&demo_lang=en&demo_start=&demo_write=deny on the page URL
 * choose the account (used by e2e tests). The SDK later mocks the host with it (lib/client/telegram.ts).
 */
async function demoInitData(): Promise<string> {
  const page = new URLSearchParams(window.location.search);
  const query = new URLSearchParams();
  if (page.get("demo_user")) query.set("user", page.get("demo_user")!);
  if (page.get("demo_lang")) query.set("lang", page.get("demo_lang")!);
  if (page.get("demo_start")) query.set("start", page.get("demo_start")!);
  if (page.get("demo_write") === "deny") query.set("write", "deny");
  const res = await fetch(`/api/demo/init-data?${query}`);
  if (!res.ok) throw new Error("Launch params unavailable: the app was opened outside the messenger");
  return ((await res.json()) as { initData: string }).initData;
}

let launched: Launch | undefined;

/**
 * The messenger's launch, read at once from the URL (or the launch stored by an earlier load): undefined
 * outside the messenger. It tells the host the app is ready (the host's loading placeholder goes away
 * as early as possible). Synchronous, so the shell can render Home in the frame hydration paints.
 */
export function readHostLaunch(): Launch | undefined {
  const query = hostListens() ? readLaunchQuery() : undefined;
  if (!query) return undefined;
  const params = new URLSearchParams(query);
  const initData = params.get("tgWebAppData") ?? "";
  postToHost("web_app_ready");
  launched = {
    mode: "telegram",
    initData,
    user: parseUser(initData),
    themeParams: parseThemeParams(params.get("tgWebAppThemeParams")),
  };
  return launched;
}

/**
 * Reads the launch once: inside the messenger at once (readHostLaunch); in demo mode it asks the server
 * for signed init data. Rejects when there is neither (shown as the start-up failure page).
 */
export async function readLaunch(): Promise<Launch> {
  const host = readHostLaunch();
  if (host) return host;
  const initData = await demoInitData();
  // ?demo_theme=dark reports the dark palette (lib/client/demo-host.ts).
  launched = {
    mode: "demo",
    initData,
    user: parseUser(initData),
    themeParams: { ...demoThemeParams(readDemoTheme()) },
  };
  return launched;
}

/** The launch read by readLaunch, once it has answered. */
export const currentLaunch = (): Launch | undefined => launched;

/** The signed init data to sign in with (undefined before the launch is read). */
export const getRawInitData = (): string | undefined => launched?.initData || undefined;

/**
 * Paints the launch theme before the first render: the --tg-theme-* variables app/globals.css reads
 * and <html data-theme>, as the SDK's theme binding names them (lib/client/host-frame.ts), which
 * takes over with the same values once it loads.
 */
export function paintLaunchTheme(themeParams: ThemeParams): void {
  paintReadableColours(themeParams, paintHostColours(themeParams));
}
