import "server-only";
import { env, isDemoMode } from "@/lib/env";
import type { Job } from "@/lib/server/jobs/scheduler";
import { now } from "@/lib/server/clock";
import { pruneBotRows } from "./retention";

// Hourly, the bot's settled working rows past BOT_KEEP_DAYS go (retention.ts). In demo mode they are
// the demo chat's conversation, and with BOT_KEEP_DAYS=0 the operator keeps them: nothing is deleted.
export const botRetentionJob: Job = {
  name: "bot-retention",
  intervalMs: 3_600_000,
  run: async (db) =>
    isDemoMode() || env.BOT_KEEP_DAYS === 0
      ? { skipped: true }
      : pruneBotRows({ db, keepDays: env.BOT_KEEP_DAYS, now: now() }),
};
