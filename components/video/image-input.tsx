"use client";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { useTranslations } from "next-intl";

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"];
const IMAGE_EXTENSIONS = /\.(png|jpe?g|webp)$/i;

export const isAcceptedImage = (file: File) =>
  IMAGE_TYPES.includes(file.type) && IMAGE_EXTENSIONS.test(file.name || "x.png");

/** A picture by drag and drop, click or paste (PNG, JPG, JPEG, WebP only). */
export function ImageInput({ onImage }: { onImage: (file: File) => void }) {
  const t = useTranslations("Video");
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [refused, setRefused] = useState(false);

  const take = (file: File | undefined) => {
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setRefused(true);
      return;
    }
    setRefused(false);
    onImage(file);
  };
  // The window listener is added once; the event function always sees this render's take.
  const takePasted = useEffectEvent(take);

  useEffect(() => {
    const onPaste = (e: ClipboardEvent) => {
      const file = [...(e.clipboardData?.files ?? [])][0];
      if (file) {
        e.preventDefault();
        takePasted(file);
      }
    };
    window.addEventListener("paste", onPaste);
    return () => window.removeEventListener("paste", onPaste);
  }, []);

  return (
    <>
      <div
        className={`video-drop${dragging ? " video-drop--active" : ""}`}
        role="button"
        tabIndex={0}
        data-testid="video-image-drop"
        onClick={() => input.current?.click()}
        onKeyDown={(e) => (e.key === "Enter" || e.key === " ") && input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          take(e.dataTransfer.files[0]);
        }}
      >
        <span className="video-drop__icon" aria-hidden>
          🖼️
        </span>
        <span>{t("dropImage")}</span>
        <span className="hint">{t("imageTypes")}</span>
      </div>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp"
        hidden
        data-testid="video-image-input"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      {refused && (
        <p className="video-error" role="alert" data-testid="video-image-refused">
          {t("onlyImages")}
        </p>
      )}
    </>
  );
}
