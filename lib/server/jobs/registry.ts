import "server-only";
import type { Job } from "./scheduler";
import { botOutboxJob } from "@/lib/server/bot/outbox-job";
import { botRetentionJob } from "@/lib/server/bot/retention-job";
import { botUpdatesJob } from "@/lib/server/bot/updates-job";
import { broadcastsJob } from "@/lib/server/broadcasts/job";
import { paymentJobs } from "@/lib/server/payments/jobs";
import { requestLogRetentionJob } from "@/lib/server/requests/retention-job";
import { channelProbeJob } from "@/lib/server/channels/auto-disable";
import { backlogAlertsJob } from "@/lib/server/alerts/backlog-job";

// Every background job of the app, started once at server start (instrumentation.ts).
export const jobs: Job[] = [
  botOutboxJob,
  botUpdatesJob,
  botRetentionJob,
  broadcastsJob,
  ...paymentJobs,
  requestLogRetentionJob,
  channelProbeJob,
  backlogAlertsJob,
];
