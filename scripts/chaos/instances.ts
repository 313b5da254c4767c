// The chaos run's app instances: the BUILT app (scripts/start.mjs) in production mode, each on its
// own port, all on one database and one set of loopback fakes.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

export type InstanceConfig = {
  dir: string;
  databaseUrl: string;
  publicUrl: string;
  botToken: string;
  webhookSecret: string;
  botApiUrl: string;
  openAi: { url: string; apiKey: string };
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts an instance on `port` and resolves once its readiness probe answers 200. */
export async function startInstance(config: InstanceConfig, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    APP_MODE: "production",
    DATABASE_URL: config.databaseUrl,
    PORT: String(port),
    HOSTNAME: "127.0.0.1",
    DATA_DIR: path.join(config.dir, String(port)),
    STORAGE_DIR: path.join(config.dir, "files"),
    JWT_SECRET: "chaos-jwt-secret-0123456789abcdef0123456789",
    BOT_TOKEN: config.botToken,
    TELEGRAM_WEBHOOK_SECRET: config.webhookSecret,
    PUBLIC_URL: config.publicUrl,
    BOT_API_BASE_URL: config.botApiUrl,
    OPENAI_BASE_URL: config.openAi.url,
    OPENAI_API_KEY: config.openAi.apiKey,
    AI_TIMEOUT_SECONDS: "20",
    // A charged answer whose instance died before delivering it is sent by the outbox after this.
    BOT_ANSWER_HOLD_SECONDS: "5",
    SHUTDOWN_DRAIN_MS: "3000",
    SHUTDOWN_TIMEOUT_MS: "6000",
    LOG_LEVEL: process.env.CHAOS_LOG_LEVEL ?? "error",
    TRUSTED_PROXY_COUNT: "1",
  };
  const server = spawn("node", ["scripts/start.mjs"], {
    env,
    stdio: ["ignore", process.env.CHAOS_LOG_LEVEL ? "inherit" : "ignore", "inherit"],
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) break;
    const status = await fetch(`http://127.0.0.1:${port}/api/health?ready=1`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return server;
    await sleep(250);
  }
  server.kill("SIGKILL");
  throw new Error(`instance ${port} did not become ready`);
}
