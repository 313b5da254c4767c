"use client";
import { useTranslations } from "next-intl";

/** Beside a text model that sees images: a photo sent in its dialogue goes to it (Lucide's "eye" glyph, ISC). */
export function VisionMark() {
  const t = useTranslations("ModelPicker");
  return (
    <svg
      className="model-row__vision"
      viewBox="0 0 24 24"
      width="16"
      height="16"
      role="img"
      aria-label={t("vision")}
      data-testid="model-vision"
    >
      <title>{t("vision")}</title>
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}
