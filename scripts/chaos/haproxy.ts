// haproxy for the chaos run: Debian's package (installed when missing), round robin over the
// instances with the readiness probe as its health check every second (docs/operations.md).
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

function ensureHaproxy(): string {
  const found = spawnSync("sh", ["-c", "command -v haproxy"], { encoding: "utf8" }).stdout.trim();
  if (found) return found;
  console.log("haproxy not found: installing Debian's package");
  execFileSync("apt-get", ["install", "-y", "haproxy"], { stdio: "inherit" });
  return "haproxy";
}

export function startHaproxy({ dir, port, backends }: { dir: string; port: number; backends: number[] }): ChildProcess {
  const haproxy = ensureHaproxy();
  const cfg = path.join(dir, "haproxy.cfg");
  fs.writeFileSync(
    cfg,
    [
      "global",
      "  maxconn 2000",
      "defaults",
      "  mode http",
      "  timeout connect 2s",
      "  timeout client 30s",
      "  timeout server 30s",
      "  retries 2",
      "  option redispatch",
      "frontend app",
      `  bind 127.0.0.1:${port}`,
      "  default_backend instances",
      "backend instances",
      "  balance roundrobin",
      "  option httpchk GET /api/health?ready=1",
      ...backends.map((p, i) => `  server i${i} 127.0.0.1:${p} check inter 1s fall 2 rise 2`),
      "",
    ].join("\n"),
  );
  return spawn(haproxy, ["-f", cfg, "-db"], { stdio: ["ignore", "ignore", "inherit"] });
}
