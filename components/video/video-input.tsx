"use client";
import { useEffect, useMemo, useState } from "react";
import { useTranslations } from "next-intl";
import { VIDEO_UPLOAD_LIMITS, VIDEO_VIDEO_TYPES } from "@/lib/contracts/video";

const MB = Math.round(VIDEO_UPLOAD_LIMITS.video / 1024 / 1024);

/** The source clip for video to video: MP4, WebM or MOV within the upload limit, previewed. */
export function VideoInput({ file, onFile }: { file: File | null; onFile: (file: File) => void }) {
  const t = useTranslations("Video");
  const [error, setError] = useState<string | null>(null);
  const url = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);

  const take = (picked: File | undefined) => {
    if (!picked) return;
    if (!(VIDEO_VIDEO_TYPES as readonly string[]).includes(picked.type)) return setError(t("onlyVideos"));
    if (picked.size > VIDEO_UPLOAD_LIMITS.video) return setError(t("fileTooLarge", { mb: MB }));
    setError(null);
    onFile(picked);
  };

  return (
    <div className="video-file">
      <label className="video-drop" data-testid="video-video-drop">
        {url ? (
          <video src={url} muted playsInline controls data-testid="video-source-preview" />
        ) : (
          <span className="video-drop__icon" aria-hidden>
            🎬
          </span>
        )}
        <span>{t("chooseVideo")}</span>
        <span className="hint">{t("videoTypes", { mb: MB })}</span>
        <input
          type="file"
          accept="video/mp4,video/webm,video/quicktime"
          hidden
          data-testid="video-video-input"
          onChange={(e) => take(e.target.files?.[0])}
        />
      </label>
      {error && (
        <p className="video-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
