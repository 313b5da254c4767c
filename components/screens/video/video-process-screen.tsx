"use client";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { decodeError, useVideoProcess } from "@/components/video/use-video-process";
import { routes } from "@/lib/routes";
import { downloadFile } from "@/lib/client/host";
import { SendToChatButton } from "@/components/video/send-to-chat-button";
import { VIDEO_STAGES, type StageStatus, type VideoStage } from "@/lib/client/video-process-state";
import "@/components/video/video.css";

const STATUS_ICON: Record<StageStatus, string> = { pending: "○", processing: "◌", completed: "✓", error: "✕" };

/** /video-process: the staged progress of one generation, then its clip or its error. */
export default function VideoProcessScreen() {
  const t = useTranslations("Video");
  const [, navigate] = useLocation();
  const { state, rejoined, recovered, clear } = useVideoProcess();
  const data = state.videoData;
  useEffect(() => {
    if (recovered)
      navigate(
        routes.videoSetup({ action: recovered.action, modelId: recovered.model_id, modelName: recovered.model_name }),
        { replace: true },
      );
  }, [recovered, navigate]);
  const leave = (to: string) => {
    clear();
    navigate(to);
  };
  // Only a request with a picture names the picture: until the request is known the stage is its sending.
  const stageName = (stage: VideoStage) => {
    if (stage !== "upload") return t(`stage_${stage}`);
    if (data?.action === "video_to_video") return t("stage_upload_video");
    return data?.action === "image_to_video" ? t("stage_upload") : t("stage_upload_text");
  };
  const error = state.error ? decodeError(state.error) : null;

  return (
    <div className="page video-process" data-testid="video-process">
      <h1>{state.result ? t("resultTitle") : t("processTitle")}</h1>
      <ol className="video-stages">
        {VIDEO_STAGES.map((stage) => (
          <li
            key={stage}
            className="video-stage"
            data-status={state.stages[stage]}
            data-testid={`video-stage-${stage}`}
          >
            <span className="video-stage__icon" aria-hidden>
              {STATUS_ICON[state.stages[stage]]}
            </span>
            <span className="video-stage__name">{stageName(stage)}</span>
            <span className="video-stage__status">{t(`status_${state.stages[stage]}`)}</span>
          </li>
        ))}
      </ol>
      {state.isProcessing && state.stages.generation === "processing" && (
        <p className="hint" data-testid="video-generation-hint">
          {rejoined ? t("alreadySent") : t("generationHint")}
        </p>
      )}

      {state.result && (
        <div className="video-result" data-testid="video-result">
          <video
            src={state.result.video_url}
            controls
            autoPlay
            muted
            loop
            playsInline
            data-testid="video-result-player"
          />
          <div className="video-result__actions">
            <button
              type="button"
              className="button button--secondary button--block"
              data-testid="video-save"
              onClick={() => downloadFile(state.result!.video_url, `video-${state.result!.action}.mp4`)}
            >
              {t("saveVideo")}
            </button>
            {data?.request_id && <SendToChatButton requestId={data.request_id} />}
            <button
              type="button"
              className="button button--block"
              data-testid="video-create-another"
              onClick={() =>
                leave(
                  data
                    ? routes.videoSetup({ action: data.action, modelId: data.model_id, modelName: data.model_name })
                    : routes.video(state.result!.action),
                )
              }
            >
              {t("createAnother")}
            </button>
            <button
              type="button"
              className="button button--secondary button--block"
              data-testid="video-pick-model"
              onClick={() => leave(routes.video(state.result!.action))}
            >
              {t("pickAnotherModel")}
            </button>
            <button
              type="button"
              className="button button--secondary button--block"
              data-testid="video-open-history"
              onClick={() => leave(routes.history())}
            >
              {t("openHistory")}
            </button>
          </div>
        </div>
      )}

      {error && (
        <div className="video-error-block" role="alert" data-testid="video-process-error">
          <h2>{t("processingError")}</h2>
          <p className="video-error-block__message">{error.message ?? t(error.key ?? "generationFailed")}</p>
          <div className="video-error-block__actions">
            <button
              type="button"
              className="button button--block"
              data-testid="video-error-back"
              onClick={() => leave(data ? routes.video(data.action) : routes.home())}
            >
              {t("goBack")}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
