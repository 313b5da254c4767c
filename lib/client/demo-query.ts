"use client";
import { navigate, useHashLocation } from "wouter/use-hash-location";

// The demo's page query (?demo_user=&demo_lang=&demo_theme=) names the account, language and theme a
// browser tab plays; it must survive every navigation or a reload signs in as someone else.
const DEMO_KEYS = ["demo_user", "demo_lang", "demo_theme"] as const;

/** The demo parameters of a query string (the page's by default). */
export function demoParams(search: string = window.location.search): URLSearchParams {
  const page = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of DEMO_KEYS) {
    const value = page.get(key);
    if (value) kept.set(key, value);
  }
  return kept;
}

/** Adds the page's demo parameters to a URL (relative or absolute) that does not set them itself. */
export function withDemoQuery(target: string, search: string = window.location.search): string {
  const demo = demoParams(search);
  if (![...demo.keys()].length) return target;
  const [path, query = ""] = target.split("?");
  const merged = new URLSearchParams(query);
  demo.forEach((value, key) => !merged.has(key) && merged.set(key, value));
  return `${path}?${merged}`;
}

// wouter's hash navigation writes a route's query (?action=) over the page query; keep the demo's.
const navigateKeepingDemo: typeof navigate = (to, options) =>
  navigate(to.includes("?") ? withDemoQuery(to) : to, options);

// wouter's hash location listens to hashchange only, and a browser fires none when Back or Forward
// crosses a change of the page query too (`?action=x#/video` back to `?demo_user=1#/`: Chromium fires
// popstate alone), so the router kept showing the screen left. Every popstate is told as a hashchange;
// where the browser fires both, the router reads the same location twice and renders once.
if (typeof window !== "undefined")
  window.addEventListener("popstate", () => window.dispatchEvent(new HashChangeEvent("hashchange")));

/** useHashLocation whose navigation keeps the demo parameters; links are written as "#/path" as before. */
export const useDemoHashLocation = Object.assign(
  (options?: { ssrPath?: string }): [string, typeof navigate] => [useHashLocation(options)[0], navigateKeepingDemo],
  { hrefs: (href: string) => `#${href}` },
);

/** The demo's sandbox checkout link: the demo parameters plus the interface language and theme it is shown in. */
export function demoCheckoutUrl(url: string): string {
  const html = document.documentElement;
  const shown = new URLSearchParams({
    lang: html.lang || "ru",
    theme: html.getAttribute("data-theme") === "dark" ? "dark" : "light",
  });
  return withDemoQuery(`${url}${url.includes("?") ? "&" : "?"}${shown}`);
}

/** The demo chat page (it stands in for the bot chat) as the same demo user, in the interface language. */
export const demoChatUrl = (): string => withDemoQuery(`/demo-chat?lang=${document.documentElement.lang || "ru"}`);
