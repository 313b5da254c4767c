import "server-only";
import { env, isDemoMode } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { createBotApiClient } from "./bot-api";
import { deliverOutbox } from "./outbox";

// Sends queued bot messages every few seconds; in demo mode there is no real bot, so they are only
// recorded (status "recorded").
export const botOutboxJob: Job = {
  name: "bot-outbox",
  intervalMs: 3_000,
  run: (db) =>
    deliverOutbox({
      db,
      client: isDemoMode() || !env.BOT_TOKEN ? null : createBotApiClient({ baseUrl: env.BOT_API_BASE_URL, token: env.BOT_TOKEN }),
    }),
};
