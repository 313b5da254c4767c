import "server-only";
import { InputFile, type Api } from "grammy";
import { env } from "@/lib/env";
import { nowMs } from "@/lib/server/clock";
import { log } from "@/lib/server/log";
import { steerText } from "./bot-text";

// A long job reports itself in the chat: one message, posted when the job starts and edited as it
// moves (stage, jobs ahead of it, an estimate from recent durations of its model), at most once every
// BOT_STATUS_EDIT_SECONDS (Telegram limits edits), and closed with the result (a video is sent after
// it) or the failure with "nothing was charged". The calls run one after another in the background:
// the job never waits on Telegram, and a lost call only loses that frame.

export type JobKind = "video" | "image" | "audio";
export type JobProgress = {
  stage: "starting" | "queued" | "running";
  /** Jobs ahead of this one (the provider's queue place, or earlier jobs of the same model). */
  ahead?: number;
  /** Seconds it should still take, from recent jobs of the same model; unknown without any. */
  etaSeconds?: number | null;
};

const STAGE_KEY = { starting: "statusStarting", queued: "statusQueued", running: "statusRunning" } as const;

/** The status message's text: the job's kind and model, its stage, the jobs ahead and the time left. */
export function jobStatusText({
  lang,
  kind,
  model,
  progress,
}: {
  lang: string;
  kind: JobKind;
  model: string;
  progress: JobProgress;
}): string {
  const t = steerText(lang);
  const lines = [t("statusTitle", { kind, model }), t(STAGE_KEY[progress.stage])];
  if (progress.ahead) lines.push(t("statusAhead", { count: progress.ahead }));
  const eta = progress.etaSeconds;
  if (eta != null && eta > 0)
    lines.push(
      eta < 60
        ? t("statusEtaSeconds", { seconds: Math.max(5, Math.round(eta / 5) * 5) })
        : t("statusEtaMinutes", { minutes: Math.round(eta / 60) }),
    );
  return lines.join("\n");
}

/** The status message's last text: the job is ready, or failed and nothing was charged. */
export function jobEndText({
  lang,
  kind,
  model,
  ok,
}: {
  lang: string;
  kind: JobKind;
  model: string;
  ok: boolean;
}): string {
  const t = steerText(lang);
  return `${t("statusTitle", { kind, model })}\n${t(ok ? "statusDone" : "statusFailed")}`;
}

/** A finished job's clip, posted to the chat: after its status message, or again on request (POST /api/video/send-to-chat). */
export const sendJobVideo = ({
  api,
  chatId,
  video,
}: {
  api: Api;
  chatId: number;
  video: { data: Buffer; filename: string };
}) => api.sendVideo(chatId, new InputFile(video.data, video.filename));

export type JobStatus = {
  /** The job's progress now; shown when it changed and the last edit is old enough. */
  show: (progress: JobProgress) => void;
  /** The end: "ready" (and the clip, for a video) or the failure; always shown. */
  finish: (result: { ok: true; video?: { data: Buffer; filename: string } } | { ok: false }) => void;
  /** Resolves when every call so far is done (tests, shutdown). */
  settled: () => Promise<void>;
};

/** Posts a job's status message to `chatId`; `onPosted` learns its message id (kept with the job). */
export function openJobStatus({
  api,
  chatId,
  lang,
  kind,
  model,
  progress,
  onPosted,
}: {
  api: Api;
  chatId: number;
  lang: string;
  kind: JobKind;
  model: string;
  progress: JobProgress;
  onPosted?: (messageId: number) => Promise<unknown>;
}): JobStatus {
  let messageId: number | undefined;
  let shown = jobStatusText({ lang, kind, model, progress });
  let shownAt = nowMs();
  let closed = false;
  const lost = (error: unknown) =>
    log().warn(`[bot] status message of a ${kind} job in chat ${chatId}: ${(error as Error).message}`);
  let tail: Promise<unknown> = api
    .sendMessage(chatId, shown)
    .then(async (message) => {
      messageId = message.message_id;
      await onPosted?.(messageId);
    })
    .catch(lost);
  const edit = (text: string) => {
    tail = tail
      .then(async () => {
        if (messageId) await api.editMessageText(chatId, messageId, text);
      })
      .catch(lost);
  };
  return {
    show(next) {
      const text = jobStatusText({ lang, kind, model, progress: next });
      if (closed || text === shown || nowMs() - shownAt < env.BOT_STATUS_EDIT_SECONDS * 1000) return;
      shown = text;
      shownAt = nowMs();
      edit(text);
    },
    finish(result) {
      closed = true;
      edit(jobEndText({ lang, kind, model, ok: result.ok }));
      const video = result.ok ? result.video : undefined;
      if (video) tail = tail.then(() => sendJobVideo({ api, chatId, video })).catch(lost);
    },
    settled: async () => {
      await tail;
    },
  };
}
