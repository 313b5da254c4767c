"use client";
import { useEffect, useRef, useState } from "react";
import Cropper, { type Area } from "react-easy-crop";
import { useTranslations } from "next-intl";
import { holdVerticalSwipes } from "@/lib/client/host";
import { previewSize } from "./crop-export";

/**
 * Crops the picture to the format's aspect. "cover" with restricted position keeps the crop box
 * inside the picture at every zoom, so the export never contains empty borders.
 */
export function ImageCropper({ src, aspect, onArea }: { src: string; aspect: number; onArea: (area: Area) => void }) {
  const t = useTranslations("Video");
  const box = useRef<HTMLDivElement>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const releaseSwipes = useRef<(() => void) | null>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);

  useEffect(() => {
    const measure = () =>
      setSize(previewSize({ aspect, columnWidth: box.current?.clientWidth ?? 420, windowHeight: window.innerHeight }));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [aspect]);

  return (
    <div ref={box}>
      {size && (
        <div className="video-crop" style={{ width: size.width, height: size.height }} data-testid="video-crop">
          <Cropper
            image={src}
            crop={crop}
            zoom={zoom}
            aspect={aspect}
            objectFit="cover"
            restrictPosition
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_area, pixels) => onArea(pixels)}
            // Dragging the picture down must not close the app in the messenger.
            onInteractionStart={() => (releaseSwipes.current = holdVerticalSwipes())}
            onInteractionEnd={() => releaseSwipes.current?.()}
          />
        </div>
      )}
      <p className="hint">{t("cropHint")}</p>
      <label className="video-crop__zoom">
        <span className="hint">{t("zoom")}</span>
        <input
          type="range"
          min={1}
          max={3}
          step={0.05}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
          data-testid="video-crop-zoom"
        />
      </label>
    </div>
  );
}
