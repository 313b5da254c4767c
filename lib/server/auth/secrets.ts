import "server-only";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

type Secrets = { botToken: string; jwtSecret: string };
let cached: Secrets | undefined;

// Demo mode has no real bot: a development bot token and JWT secret are generated once and kept in
// the data folder, so sessions survive restarts and the demo init data can be signed by the server.
function loadDevSecrets(): Secrets {
  const file = path.join(env.DATA_DIR, "dev-secrets.json");
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Secrets;
  } catch {
    const secrets: Secrets = {
      botToken: `${crypto.randomInt(1e9, 9e9)}:${crypto.randomBytes(24).toString("base64url")}`,
      jwtSecret: crypto.randomBytes(48).toString("base64url"),
    };
    fs.mkdirSync(env.DATA_DIR, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    return secrets;
  }
}

export function getSecrets(): Secrets {
  if (cached) return cached;
  const dev = env.BOT_TOKEN && env.JWT_SECRET ? undefined : loadDevSecrets();
  cached = { botToken: env.BOT_TOKEN ?? dev!.botToken, jwtSecret: env.JWT_SECRET ?? dev!.jwtSecret };
  return cached;
}
