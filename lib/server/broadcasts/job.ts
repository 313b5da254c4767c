import "server-only";
import type { Job } from "@/lib/server/jobs/scheduler";
import { now } from "@/lib/server/clock";
import { queueBroadcasts } from "./queue";

// Feeds running broadcasts into the bot outbox every second (their state is in the database, so a
// restarted or second instance carries on where the last chunk ended).
export const broadcastsJob: Job = {
  name: "broadcasts",
  intervalMs: 1_000,
  run: (db) => queueBroadcasts({ db, now: now() }),
};
