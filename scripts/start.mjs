#!/usr/bin/env node
// Production start: serves the built app from this very process, so a host's SIGTERM reaches the
// server itself (an `npm start` / `next start` wrapper left next-server orphaned), and shuts down
// gracefully: stop accepting, let in-flight requests finish, close idle keep-alive connections,
// exit within SHUTDOWN_TIMEOUT_MS. Binds HOSTNAME (default 0.0.0.0) and PORT (default 3000).
// It also appends the socket's address to X-Forwarded-For, so the client address can be taken
// from the right-hand end of that header (lib/server/http/client-address.ts).
import http from "node:http";
import next from "next";

const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const shutdownTimeoutMs = Number(process.env.SHUTDOWN_TIMEOUT_MS ?? 8000);

const app = next({ dev: false, hostname, port });
await app.prepare();
const handle = app.getRequestHandler();

let shuttingDown = false;

const server = http.createServer((req, res) => {
  const socketAddress = req.socket.remoteAddress;
  if (socketAddress) {
    const prior = req.headers["x-forwarded-for"];
    req.headers["x-forwarded-for"] = prior ? `${prior}, ${socketAddress}` : socketAddress;
  }
  // A keep-alive connection that brings a request during shutdown is closed after its answer.
  if (shuttingDown) res.setHeader("connection", "close");
  handle(req, res);
});
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(JSON.stringify({ level: "info", msg: "listening", url: `http://${hostname}:${port}` }));
});

function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  console.log(JSON.stringify({ level: "info", msg: "shutting down", signal }));
  server.close(() => process.exit(0));
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
