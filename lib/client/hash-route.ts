// The mini-app routes in the URL's hash (wouter's hash location), and a route's query lives in the
// page's search part: `/?action=text_to_video#/video`. A link written the other way round,
// `/#/video?action=text_to_video` (how people and other apps write deep links), would leave the query
// inside the route and match no screen, landing on Home; it is rewritten once at start.

/**
 * The URL to show instead of `href` when its hash route carries a query (`#/video?action=x` →
 * `?action=x#/video`, joined to any query the page has), or null when there is nothing to move.
 */
export function hashQueryMoved(href: string): string | null {
  const url = new URL(href);
  const hash = url.hash;
  const at = hash.indexOf("?");
  if (!hash.startsWith("#/") || at < 0) return null;
  const moved = new URLSearchParams(hash.slice(at + 1));
  moved.forEach((value, key) => url.searchParams.set(key, value));
  url.hash = hash.slice(0, at);
  return `${url.pathname}${url.search}${url.hash}`;
}
