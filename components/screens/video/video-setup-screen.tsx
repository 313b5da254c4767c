"use client";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useTranslations, type Messages } from "next-intl";
import type { Area } from "react-easy-crop";
import { PageSpinner } from "@/components/ui/page-spinner";
import { LoadFailure } from "@/components/ui/load-failure";
import { ConfirmGenerationModal } from "@/components/video/confirm-modal";
import { exportCrop } from "@/components/video/crop-export";
import { FormatPicker } from "@/components/video/format-picker";
import { ImageCropper } from "@/components/video/image-cropper";
import { ImageInput } from "@/components/video/image-input";
import { InsufficientTokensModal } from "@/components/video/insufficient-tokens-modal";
import { ACTION_TITLE_KEY, readVideoAction } from "@/components/video/video-action";
import { VideoInput } from "@/components/video/video-input";
import { STORAGE_KEYS } from "@/lib/client/storage-keys";
import { setPendingVideoRequest, unsentVideoRequest, type PendingVideoRequest } from "@/lib/client/video-request";
import { VIDEO_PROMPT_MAX } from "@/lib/contracts/video";
import { useModels } from "@/lib/queries/models";
import { checkVideoModelCost, useVideoCapabilities } from "@/lib/queries/video";
import { routes } from "@/lib/routes";
import { findCapability } from "@/lib/shared/video/capabilities";
import { jobUnits } from "@/lib/shared/pricing/job-price";
import { durationOptions, videoCost } from "@/lib/shared/video/durations";
import { defaultFormat } from "@/lib/shared/video/formats";
import "@/components/video/video.css";

/** What the form still lacks: one Video message each (missingPrompt, missingImage, missingVideo). */
type MissingInput = Extract<keyof Messages["Video"], `missing${string}`>;

/** /video/setup?action=&modelId=&modelName=: the input, format, prompt and duration of one clip. */
export default function VideoSetupScreen() {
  const t = useTranslations("Video");
  const search = useSearch();
  const params = new URLSearchParams(search);
  const action = readVideoAction(search);
  const modelName = params.get("modelName") ?? "";
  const modelId = params.get("modelId") ?? "";
  const [, navigate] = useLocation();
  const capabilities = useVideoCapabilities();
  const models = useModels();
  const formats = (capabilities.data && findCapability(capabilities.data.data, modelName)?.supported_formats) || [];
  const durations = durationOptions(modelName);

  // A request a reload interrupted before sending fills the form again (docs/product/video.md).
  const [draft] = useState(() => unsentVideoRequest(action, modelName));
  // Until the user picks one, the model's default format is the choice.
  const [pickedFormatKey, setFormatKey] = useState<string | undefined>(draft?.format_key);
  const formatKey = pickedFormatKey ?? defaultFormat(formats)?.key;
  const [duration, setDuration] = useState(draft?.duration ?? durations[0]);
  const [prompt, setPrompt] = useState(draft?.prompt ?? "");
  const [image, setImage] = useState<{ src: string; name: string } | null>(null);
  const [area, setArea] = useState<Area | null>(null);
  const [video, setVideo] = useState<File | null>(null);
  const [missing, setMissing] = useState<MissingInput[]>([]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [short, setShort] = useState<{ balance: number; cost: number } | null>(null);

  useEffect(() => () => (image ? URL.revokeObjectURL(image.src) : undefined), [image]);

  if (capabilities.isPending || models.isPending) return <PageSpinner />;
  if (capabilities.isError || models.isError) return <LoadFailure text={t("soryLoadError")} />;
  if (formats.length === 0) return <LoadFailure text={t("errorLoadingFormats")} testId="video-formats-error" />;

  const format = formats.find((f) => f.key === formatKey);
  const model = models.data.find((m) => String(m.model_id) === modelId || m.model_name === modelName);
  // The catalogue's price of this action (docs/product/billing.md "Prices per job").
  const price = model?.actions.find((a) => a.action === action)?.cost;
  const cost = price ? jobUnits(price, duration) : videoCost(duration);

  const gaps = (
    [
      !prompt.trim() && "missingPrompt",
      action === "image_to_video" && !(image && area) && "missingImage",
      action === "video_to_video" && !video && "missingVideo",
    ] satisfies (MissingInput | false)[]
  ).filter((g) => g !== false);
  // A gap reported by the last press goes as soon as it is filled.
  const stillMissing = missing.filter((m) => gaps.includes(m));
  const check = () => {
    setMissing(gaps);
    if (gaps.length === 0 && format) setConfirming(true);
  };

  const start = async () => {
    if (!format) return;
    setBusy(true);
    try {
      const { user_video_balance: balance } = await checkVideoModelCost(modelName, { fresh: true });
      if (balance < cost) {
        setConfirming(false);
        setShort({ balance, cost });
        return;
      }
      let file: PendingVideoRequest["file"];
      if (action === "image_to_video" && image && area) {
        file = {
          field: "image",
          blob: await exportCrop({ src: image.src, area, width: format.width, height: format.height }),
          name: image.name,
        };
      } else if (action === "video_to_video" && video) {
        file = { field: "video", blob: video, name: video.name };
      }
      const request_id = crypto.randomUUID();
      setPendingVideoRequest({
        data: {
          prompt: prompt.trim(),
          model_name: modelName,
          model_id: modelId,
          action,
          format_key: format.key,
          duration,
          request_id,
        },
        file,
      });
      localStorage.removeItem(STORAGE_KEYS.videoProcessing);
      navigate(routes.videoProcess());
    } catch (error) {
      console.error("Video setup failed", error);
      setBusy(false);
    }
  };

  return (
    <div className="page video-setup" data-testid="video-setup">
      <h1>{t(ACTION_TITLE_KEY[action])}</h1>
      <p className="hint">{model?.display_name ?? modelName}</p>
      {draft && (
        <p className="video-recovered" role="status" data-testid="video-form-recovered">
          {t(action === "text_to_video" ? "formRecovered" : "formRecoveredAddFile")}
        </p>
      )}

      {action === "image_to_video" && (
        <section className="video-section">
          <h2>{t("image")}</h2>
          {image && format ? (
            <>
              <ImageCropper
                key={`${image.src}-${format.key}`}
                src={image.src}
                aspect={format.width / format.height}
                onArea={setArea}
              />
              <button
                type="button"
                className="button button--secondary button--block"
                onClick={() => {
                  setImage(null);
                  setArea(null);
                }}
              >
                {t("changeImage")}
              </button>
            </>
          ) : (
            <ImageInput onImage={(file) => setImage({ src: URL.createObjectURL(file), name: file.name })} />
          )}
        </section>
      )}
      {action === "video_to_video" && (
        <section className="video-section">
          <h2>{t("video")}</h2>
          <VideoInput file={video} onFile={setVideo} />
        </section>
      )}

      <section className="video-section">
        <h2>{t("format")}</h2>
        <FormatPicker formats={formats} value={formatKey} onChange={setFormatKey} />
      </section>

      <section className="video-section">
        <h2>{t("prompt")}</h2>
        <textarea
          className="video-prompt"
          data-testid="video-prompt"
          value={prompt}
          maxLength={VIDEO_PROMPT_MAX}
          placeholder={t("promptPlaceholder")}
          onChange={(e) => setPrompt(e.target.value)}
        />
        <div className="video-prompt__count">
          {prompt.length}/{VIDEO_PROMPT_MAX}
        </div>
      </section>

      <section className="video-section">
        <h2>{t("duration")}</h2>
        {durations.length === 1 ? (
          <p className="hint">{t("fixedDuration", { n: durations[0] })}</p>
        ) : (
          <div className="video-chips">
            {durations.map((d) => (
              <button
                key={d}
                type="button"
                className="video-chip"
                aria-pressed={duration === d}
                data-testid={`video-duration-${d}`}
                onClick={() => setDuration(d)}
              >
                {t("seconds", { n: d })}
              </button>
            ))}
          </div>
        )}
      </section>

      <details className="video-section video-help" data-testid="video-help">
        <summary>💡 {t("helpTitle")}</summary>
        <p className="hint">{t("helpText")}</p>
      </details>

      <div className="video-summary" data-testid="video-cost">
        {t("cost", { cost })}
      </div>
      {stillMissing.map((m) => (
        <p key={m} className="video-error" role="alert">
          {t(m)}
        </p>
      ))}
      <button type="button" className="button button--block" data-testid="video-generate" onClick={check}>
        {t("generate")}
      </button>

      {confirming && format && (
        <ConfirmGenerationModal
          busy={busy}
          text={t("confirmText", { model: model?.display_name ?? modelName, format: format.name, duration, cost })}
          onConfirm={() => void start()}
          onClose={() => setConfirming(false)}
        />
      )}
      {short && <InsufficientTokensModal balance={short.balance} cost={short.cost} onClose={() => setShort(null)} />}
    </div>
  );
}
