"use client";
import { useTranslations } from "next-intl";
import type { PickerType } from "@/lib/model-actions";

// Placeholder until the catalogue issue lands: it lists nothing rather than made-up models.
export function ModelPicker({ type, onClose }: { type: PickerType; onClose: () => void }) {
  const t = useTranslations("Shell");
  return (
    <div className="model-picker" data-testid={`model-picker-${type}`}>
      <p>{t("comingSoonText")}</p>
      <button type="button" className="button button--secondary" onClick={onClose}>
        {t("back")}
      </button>
    </div>
  );
}
