"use client";
import { useTranslations } from "next-intl";
import { groupFormats, type VideoFormat } from "@/lib/shared/video/formats";

/** Formats grouped landscape / portrait / square, each chip with a little frame of its shape. */
export function FormatPicker({
  formats,
  value,
  onChange,
}: {
  formats: VideoFormat[];
  value: string | undefined;
  onChange: (key: string) => void;
}) {
  const t = useTranslations("Video");
  return (
    <div className="video-formats" data-testid="video-formats">
      {groupFormats(formats).map(({ group, formats: inGroup }) => (
        <div key={group} className="video-formats__group">
          <div className="video-formats__label">{t(`group_${group}`)}</div>
          <div className="video-chips">
            {inGroup.map((f) => (
              <button
                key={f.key}
                type="button"
                className="video-chip"
                aria-pressed={value === f.key}
                data-testid={`video-format-${f.key}`}
                onClick={() => onChange(f.key)}
              >
                <span
                  className="video-chip__shape"
                  style={{
                    width: (14 * f.width) / Math.max(f.width, f.height),
                    height: (14 * f.height) / Math.max(f.width, f.height),
                  }}
                  aria-hidden
                />
                {f.name}
              </button>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
