// Refuses, before Next sees it, a request Next would answer with a plain-text 500 or an empty 400 or
// 405: a method no route can serve (TRACE, CONNECT, a made-up one) or that the path's route file does
// not export (PUT /api/health), and a path or query whose percent-encoding does not decode. Used by scripts/server.cjs, which also answers what Node's own
// parser refuses (headers that do not parse); docs/decisions/0100-request-line-guard.md.
const fs = require("node:fs");
const path = require("node:path");

// The methods a route handler can export (Next's HTTP_METHODS); HEAD and OPTIONS Next implements.
const ROUTE_METHODS = ["GET", "HEAD", "OPTIONS", "POST", "PUT", "DELETE", "PATCH"];
const MANIFEST = "route-methods.json";

/** `/api/files/[...key]` → a RegExp that matches the paths the route serves. */
function routePattern(route) {
  const source = route
    .split("/")
    .map((segment) =>
      segment.startsWith("[...")
        ? ".+"
        : segment.startsWith("[")
          ? "[^/]+"
          : segment.replace(/[.*+?^${}()|\\]/g, "\\$&"),
    )
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/** Reads app/api: each route's URL pattern with the methods its route.ts exports (plus HEAD, OPTIONS). */
function routeMethodsFromSource(appDir) {
  const found = {};
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "route.ts") {
        const source = fs.readFileSync(full, "utf8");
        const exported = ROUTE_METHODS.filter((m) =>
          new RegExp(`^export (const|async function|function) ${m}\\b`, "m").test(source),
        );
        if (exported.includes("GET")) exported.push("HEAD");
        const route = `/${path.relative(appDir, path.dirname(full)).split(path.sep).join("/")}`;
        found[route] = [...new Set([...exported, "OPTIONS"])].sort();
      }
    }
  };
  walk(path.join(appDir, "api"));
  return found;
}

/** Writes the manifest next to the standalone server, which has no app sources to read. */
function writeRouteMethods(appDir, targetDir) {
  fs.writeFileSync(path.join(targetDir, MANIFEST), JSON.stringify(routeMethodsFromSource(appDir)));
}

function readRouteMethods(dir) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8"));
  } catch {
    return {};
  }
}

// Each manifest's routes, built once and read on every request: the static ones by path, the dynamic
// ones as patterns, the most specific first.
const compiled = new WeakMap();

function compile(routeMethods) {
  const routes = Object.keys(routeMethods);
  return {
    fixed: new Map(routes.filter((r) => !r.includes("[")).map((r) => [r, r])),
    dynamic: routes
      .filter((r) => r.includes("["))
      .sort((a, b) => specificity(b) - specificity(a))
      .map((route) => ({ route, pattern: routePattern(route) })),
  };
}

/** The route that serves a path: a static route before a dynamic one, the catch-all last; undefined for a page. */
function routeAt(pathname, routeMethods) {
  if (!pathname.startsWith("/api")) return undefined;
  let routes = compiled.get(routeMethods);
  if (!routes) compiled.set(routeMethods, (routes = compile(routeMethods)));
  const path = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  return routes.fixed.get(path) ?? routes.dynamic.find(({ pattern }) => pattern.test(pathname))?.route;
}

function specificity(route) {
  return route.split("/").reduce((sum, s) => sum + (s.startsWith("[...") ? 0 : s.startsWith("[") ? 1 : 3), 0);
}

function decodes(text) {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The refusal for a request line, or null when it may go on to Next:
 * `{ status, code, message, headers? }` in the app's error envelope terms (lib/server/http/api-error.ts).
 */
function refuseRequestLine({ method, url }, routeMethods) {
  const raw = url || "/";
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  const query = queryAt === -1 ? "" : raw.slice(queryAt + 1);
  if (!pathname.split("/").every(decodes) || !query.split(/[&=]/).every((part) => decodes(part.replace(/\+/g, " ")))) {
    return { status: 400, code: "bad_request", message: "The address has a malformed percent-encoding" };
  }
  // A method no route can serve, or one this path's route does not export (Next would answer that
  // with an empty 405 and no Allow).
  const route = routeAt(pathname, routeMethods);
  if (!ROUTE_METHODS.includes(method) || (route && !routeMethods[route].includes(method))) {
    const allow = (route ? routeMethods[route] : ["GET", "HEAD"]).join(", ");
    return {
      status: 405,
      code: "method_not_allowed",
      message: `The method ${method} is not allowed here`,
      headers: { allow },
    };
  }
  return null;
}

/** The JSON error envelope for a refusal, as bytes and headers. */
function refusalBody(refusal) {
  return JSON.stringify({ error: { code: refusal.code, message: refusal.message } });
}

module.exports = {
  readRouteMethods,
  refuseRequestLine,
  refusalBody,
  routeMethodsFromSource,
  writeRouteMethods,
};
