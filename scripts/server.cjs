// The production server, copied to <distDir>/standalone/server.js by scripts/standalone.mjs in place
// of the one Next writes there, and run as `node server.js` in that folder (the container) or by
// `npm start` (scripts/start.mjs) in the same process, so a host's SIGTERM reaches the server itself.
// Graceful shutdown: first drain (the readiness probe GET /api/health?ready=1 answers 503 while
// everything is still served, for SHUTDOWN_DRAIN_MS, so a load balancer's health check takes the
// instance out before it closes), then stop accepting, let in-flight requests finish, close idle
// keep-alive connections, exit within SHUTDOWN_TIMEOUT_MS more. Binds HOSTNAME (default 0.0.0.0) and PORT (default
// 3000). It appends the socket's address to X-Forwarded-For, so the client address can be taken from
// the right-hand end of that header (lib/server/http/client-address.ts); Next's own server.js only
// fills the header when the client did not send one.
const crypto = require("node:crypto");
const fs = require("node:fs");
const http = require("node:http");
const path = require("node:path");
const { readRouteMethods, refuseRequestLine, refusalBody } = require("./request-guard.cjs");

const dir = __dirname;
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 8000);
const drainMs = Number(process.env.SHUTDOWN_DRAIN_MS ?? 5000);

function log(level, msg, fields) {
  // The same shape as the app's pino lines (lib/server/log).
  const line = { level: level === "error" ? 50 : 30, time: new Date().toISOString(), msg, ...fields };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

// Data folders given relative (or left at their defaults) stay where the server was launched from;
// the process moves into this folder below, where the migrations and assets are.
for (const [name, fallback] of [
  ["DATA_DIR", ".data"],
  ["PGLITE_DIR", ".data/pglite"],
  ["STORAGE_DIR", ".data/files"],
]) {
  const value = process.env[name] || fallback;
  process.env[name] = value.includes("://") ? value : path.resolve(value);
}

process.env.NODE_ENV = "production";
process.chdir(dir);

// The build's resolved configuration: no next.config.ts (nor TypeScript) is needed at run time.
const distDir = fs.readdirSync(dir).find((name) => fs.existsSync(path.join(dir, name, "required-server-files.json")));
if (!distDir) throw new Error(`No build next to ${__filename}: run \`npm run build\`.`);
const { config } = JSON.parse(fs.readFileSync(path.join(dir, distDir, "required-server-files.json"), "utf8"));
// Next loads every route's module at start, in the background, on the one thread that also opens the
// database and answers the first requests (about 1.6 s of CPU, measured). On the embedded database (the
// demo, where start-up time is a goal) each route is loaded on its first call instead.
if (!process.env.DATABASE_URL) config.experimental = { ...config.experimental, preloadEntriesOnStart: false };
process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(config);

/** Answers a refused request with the JSON error envelope and logs it like every API request. */
function refuse(req, res, refusal) {
  const requestId = crypto.randomUUID();
  const body = refusalBody(refusal);
  res.writeHead(refusal.status, {
    "content-type": "application/json",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-request-id": requestId,
    ...refusal.headers,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  log("info", "request", {
    requestId,
    method: req.method,
    route: (req.url || "/").split("?")[0],
    status: refusal.status,
    durationMs: 0,
  });
}

/** What Node's parser refuses (a header or request line that does not parse) never becomes a request: answer on the socket. */
function refuseUnparsable(error, socket) {
  if (!socket.writable || error.code === "ECONNRESET") return socket.destroy();
  const tooLarge = error.code === "HPE_HEADER_OVERFLOW";
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    error: {
      code: "bad_request",
      message: tooLarge ? "The request headers are too large" : "The request does not parse",
    },
  });
  const requestId = crypto.randomUUID();
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `cache-control: no-store\r\nx-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  );
  log("info", "request", { requestId, status, durationMs: 0, parseError: error.code });
}

async function main() {
  const next = require("next");
  const app = next({ dev: false, dir, hostname, port, conf: config });
  await app.prepare();
  const handle = app.getRequestHandler();

  const routeMethods = readRouteMethods(dir);
  let shuttingDown = false;
  const server = http.createServer((req, res) => {
    const refusal = refuseRequestLine(req, routeMethods);
    if (refusal) return refuse(req, res, refusal);
    const socketAddress = req.socket.remoteAddress;
    if (socketAddress) {
      const prior = req.headers["x-forwarded-for"];
      req.headers["x-forwarded-for"] = prior ? `${prior}, ${socketAddress}` : socketAddress;
    }
    // A keep-alive connection that brings a request while draining is closed after its answer, so a
    // proxy opens its next connection to another instance instead of reusing one this one will close.
    if (shuttingDown) res.setHeader("connection", "close");
    handle(req, res);
  });
  server.on("clientError", refuseUnparsable);
  // CONNECT never reaches the request handler: Node hands it over as a tunnel, which we do not serve.
  server.on("connect", (req, socket) => {
    const res = new http.ServerResponse(req);
    res.assignSocket(socket);
    res.shouldKeepAlive = false;
    res.on("finish", () => socket.destroySoon());
    refuse(req, res, refuseRequestLine(req, routeMethods));
  });
  server.keepAliveTimeout = 65_000;
  server.listen(port, hostname, () => log("info", "listening", { url: `http://${hostname}:${port}` }));

  function shutdown(signal) {
    if (shuttingDown) return;
    shuttingDown = true;
    // Read by the readiness probe (lib/server/drain.ts): 503 from now on.
    globalThis.__appDraining = true;
    log("info", "draining", { signal, drainMs });
    // The background jobs stop claiming at once (another instance takes new work) and finish (or hand
    // back) their work before the database closes (lib/server/jobs/scheduler.ts); the bot's turns get
    // the drain and all but the last seconds of the shutdown.
    const jobsStopped = Promise.resolve(
      globalThis.__stopJobs?.({ deadlineMs: drainMs + Math.max(0, shutdownTimeoutMs - 3000) }),
    ).catch(() => {});
    setTimeout(() => stopAccepting(jobsStopped), drainMs).unref();
  }

  function stopAccepting(jobsStopped) {
    log("info", "shutting down", { drainedMs: drainMs });
    // The embedded database is closed before exiting: a PGlite folder left open is recovered from its
    // log at the next start, which took seconds.
    const closeDb = () => Promise.resolve(globalThis.__appDb?.close?.()).catch(() => {});
    server.close(() => void jobsStopped.then(closeDb).then(() => process.exit(0)));
    // Idle keep-alive sockets would hold close() open; busy ones are closed once their answer is out.
    server.closeIdleConnections();
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    sweep.unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, shutdownTimeoutMs).unref();
  }
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

main().catch((error) => {
  log("error", "start failed", { err: { message: error.message, stack: error.stack } });
  process.exit(1);
});
