import "server-only";
import { env, isDemoMode } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { deliverOutbox } from "./outbox";
import { telegramApi } from "./telegram-api";

// Sends queued bot messages every second, up to the outbox's share of Telegram's rate
// (SENDS_PER_SECOND); in demo mode there is no real bot, so they are only recorded (status "recorded").
export const botOutboxJob: Job = {
  name: "bot-outbox",
  intervalMs: 1_000,
  run: (db) =>
    deliverOutbox({
      db,
      client: isDemoMode() || !env.BOT_TOKEN ? null : telegramApi({ token: env.BOT_TOKEN, bulk: true }),
    }),
};
