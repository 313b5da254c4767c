import "server-only";
import { metrics } from "./registry";

/**
 * The route pattern of a request (`/api/history/sessions/{id}`): each path segment that is a route
 * parameter's value is replaced by the parameter's name, so labels stay one per route, never one per URL.
 */
export function routePattern(pathname: string, params: Record<string, string>): string {
  const names = new Map(Object.entries(params).map(([name, value]) => [value, name]));
  let path = pathname.split("/").map(safeDecode).join("/");
  // A catch-all parameter spans several segments ("a/b"): replaced whole, first.
  for (const [value, name] of names) if (value.includes("/")) path = path.replace(`/${value}`, `/{${name}}`);
  return path
    .split("/")
    .map((segment) => {
      const name = names.get(segment);
      return name ? `{${name}}` : segment;
    })
    .join("/");
}

const safeDecode = (segment: string) => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

/** One answered API request (lib/server/http/handler.ts). */
export function observeRequest({
  route,
  method,
  status,
  seconds,
}: {
  route: string;
  method: string;
  status: number;
  seconds: number;
}): void {
  const m = metrics();
  m.httpRequests.inc({ route, method, status: String(status) });
  m.httpDuration.observe({ route, method }, seconds);
}
