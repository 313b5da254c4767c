// The chaos run's own PostgreSQL cluster (docs/operations.md "Chaos run"): a throwaway cluster it
// may restart, never the shared server at DATABASE_URL. initdb refuses to run as root, so as root
// the binaries run as the `postgres` OS user in a directory that user owns.
import { execFile } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

export type PrivatePostgres = {
  /** postgres://… of the cluster's `postgres` database. */
  url: string;
  /** A fast restart (pg_ctl restart -m fast); resolves with how long pg_ctl took (ms). */
  restart: () => Promise<number>;
  stop: () => Promise<void>;
};

const BIN = process.env.CHAOS_PG_BIN ?? "/usr/lib/postgresql/15/bin";
const exec = promisify(execFile);

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Null when the PostgreSQL binaries are missing: the caller falls back to DATABASE_URL's server. */
export async function startPrivatePostgres(): Promise<PrivatePostgres | null> {
  if (!fs.existsSync(path.join(BIN, "initdb")) || !fs.existsSync(path.join(BIN, "pg_ctl"))) return null;
  const asRoot = process.getuid?.() === 0;
  // Asynchronous, so the load and the reader go on while pg_ctl restarts the server.
  const run = async (tool: string, args: string[]) => {
    const argv = [path.join(BIN, tool), ...args];
    const [file, ...rest] = asRoot ? ["runuser", "-u", "postgres", "--", ...argv] : argv;
    await exec(file, rest);
  };
  const home = fs.mkdtempSync(path.join(os.tmpdir(), "chaos-pg-"));
  if (asRoot) await exec("chown", ["postgres:postgres", home]);
  const data = path.join(home, "data");
  // The server's output goes to a file: on a pipe it would keep pg_ctl's caller waiting.
  const logFile = ["-l", path.join(home, "log")];
  const port = await freePort();
  await run("initdb", ["-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
  // Durability is not under test (the restart is a clean one), speed is: fsync off.
  const options = `-p ${port} -k ${home} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  await run("pg_ctl", ["-D", data, "-o", options, ...logFile, "-w", "start"]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    restart: async () => {
      const started = performance.now();
      // pg_ctl restart starts the server again with the options it was started with.
      await run("pg_ctl", ["-D", data, ...logFile, "-m", "fast", "-w", "restart"]);
      return performance.now() - started;
    },
    stop: async () => {
      await run("pg_ctl", ["-D", data, "-m", "immediate", "-w", "stop"]).catch(() => {});
      fs.rmSync(home, { recursive: true, force: true });
    },
  };
}
