"use client";
import { useTranslations } from "next-intl";
import { downloadFile } from "@/lib/client/host";
import { fileKind, fileNameOf, type FileKind } from "./file-kinds";
import { useLongPress } from "./use-long-press";

// Kinds shown as a picture or a player: the upload's name goes under them (a file card shows it inside).
const MEDIA_KINDS = new Set<FileKind>(["image", "video", "audio"]);
const KIND_ICONS: Record<FileKind, string> = {
  image: "🖼️",
  video: "🎬",
  audio: "🎵",
  document: "📄",
  archive: "🗜️",
  code: "💻",
  file: "📎",
};

function DownloadButton({ url, name }: { url: string; name: string }) {
  const t = useTranslations("History");
  return (
    <button
      type="button"
      className="attachment__download"
      onClick={() => downloadFile(url, name)}
      data-testid="attachment-download"
    >
      ⬇ {t("download")}
    </button>
  );
}

/**
 * A message's file: image (long-press downloads), video and audio players, or a file card. `name` is
 * the upload's own name when history kept it (shown, and given to the download); the kind comes from
 * the stored file.
 */
export function Attachment({ url, name: originalName }: { url: string; name?: string | null }) {
  const t = useTranslations("History");
  const kind = fileKind(url);
  const name = originalName || fileNameOf(url);
  const longPress = useLongPress(() => downloadFile(url, name));
  return (
    <div className={`attachment attachment--${kind}`} data-testid="attachment" data-kind={kind}>
      {kind === "image" ? (
        <img
          src={url}
          alt={t("kind.image")}
          loading="lazy"
          className="attachment__image"
          draggable={false}
          title={t("longPressHint")}
          {...longPress}
          data-testid="attachment-image"
        />
      ) : kind === "video" ? (
        <video src={url} controls preload="metadata" className="attachment__media" />
      ) : kind === "audio" ? (
        <audio src={url} controls preload="none" className="attachment__media" />
      ) : (
        <div className="attachment__file">
          <span className="attachment__icon" aria-hidden>
            {KIND_ICONS[kind]}
          </span>
          <span className="attachment__name" data-testid="attachment-name">
            {name}
          </span>
          <span className="attachment__kind">{t(`kind.${kind}`)}</span>
        </div>
      )}
      {originalName && MEDIA_KINDS.has(kind) && (
        <span className="attachment__caption" data-testid="attachment-name">
          {originalName}
        </span>
      )}
      <DownloadButton url={url} name={name} />
    </div>
  );
}
