// Refuses, before Next sees it, a request Next would answer with a plain-text 500 or an empty 400:
// a method no route can serve (TRACE, CONNECT, a made-up one) and a path or query whose
// percent-encoding does not decode. Used by scripts/server.cjs, which also answers what Node's own
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

/** The methods allowed at a path: its route's (a static route before a dynamic one, the catch-all last), else the pages'. */
function allowedMethods(pathname, routeMethods) {
  const routes = Object.keys(routeMethods).sort((a, b) => specificity(b) - specificity(a));
  const route = routes.find((r) => routePattern(r).test(pathname));
  return route ? routeMethods[route] : ["GET", "HEAD"];
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
  if (!ROUTE_METHODS.includes(method)) {
    const allow = allowedMethods(pathname, routeMethods).join(", ");
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
  allowedMethods,
  readRouteMethods,
  refuseRequestLine,
  refusalBody,
  routeMethodsFromSource,
  writeRouteMethods,
};
