"use client";
import { useTranslations } from "next-intl";
import { downloadFile } from "@/lib/client/host";
import { fileKind, fileNameOf, type FileKind } from "./file-kinds";
import { useLongPress } from "./use-long-press";

const KIND_ICONS: Record<FileKind, string> = { image: "🖼️", video: "🎬", audio: "🎵", document: "📄", archive: "🗜️", code: "💻", file: "📎" };

function DownloadButton({ url, name }: { url: string; name: string }) {
  const t = useTranslations("History");
  return (
    <button type="button" className="attachment__download" onClick={() => downloadFile(url, name)} data-testid="attachment-download">
      ⬇ {t("download")}
    </button>
  );
}

/** A message's file: image (long-press downloads), video and audio players, or a file card. */
export function Attachment({ url }: { url: string }) {
  const t = useTranslations("History");
  const kind = fileKind(url);
  const name = fileNameOf(url);
  const longPress = useLongPress(() => downloadFile(url, name));
  return (
    <div className={`attachment attachment--${kind}`} data-testid="attachment" data-kind={kind}>
      {kind === "image" ? (
        <img src={url} alt={t("kind.image")} loading="lazy" className="attachment__image" draggable={false} title={t("longPressHint")} {...longPress} data-testid="attachment-image" />
      ) : kind === "video" ? (
        <video src={url} controls preload="metadata" className="attachment__media" />
      ) : kind === "audio" ? (
        <audio src={url} controls preload="none" className="attachment__media" />
      ) : (
        <div className="attachment__file">
          <span className="attachment__icon" aria-hidden>
            {KIND_ICONS[kind]}
          </span>
          <span className="attachment__name">{name}</span>
          <span className="attachment__kind">{t(`kind.${kind}`)}</span>
        </div>
      )}
      <DownloadButton url={url} name={name} />
    </div>
  );
}
