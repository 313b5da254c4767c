import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

// A demo server of its own started as a host starts the app (`npm start`), for the flows about how
// it stops: its own data folder and port, in its own process group so whatever is left after a
// failure is ended as a whole.

export const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/** The status of a GET, 0 when nothing answered. */
export const statusOf = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 0,
  );

export type NpmStartServer = { npm: ChildProcess; base: string; dispose: () => void };

/** Runs `npm start` in demo mode on `port` with `env` added; `dispose` kills what is left and removes its data. */
export function startNpmServer({ port, name, env }: { port: number; name: string; env: Record<string, string> }) {
  const dataDir = path.resolve(`.data/e2e-${name}-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    APP_MODE: "demo",
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    ...env,
  };
  delete serverEnv.DATABASE_URL;
  delete serverEnv.PGLITE_DIR;
  delete serverEnv.STORAGE_DIR;
  const npm = spawn("npm", ["start"], { env: serverEnv, stdio: "ignore", detached: true });
  const dispose = () => {
    try {
      process.kill(-npm.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { npm, base: `http://127.0.0.1:${port}`, dispose } satisfies NpmStartServer;
}
