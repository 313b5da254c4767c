"use client";
import { useState } from "react";
import { useMessages, useTranslations } from "next-intl";
import type { PackageItem } from "@/lib/contracts/package";
import { isMessageKey } from "@/lib/i18n/message-keys";
import { generationsFor } from "@/lib/shared/pricing/job-price";
import { useActionCosts } from "@/lib/queries/models";
import { formatRoubles } from "@/components/payments/payment-form";
import "./packages.css";

/** A package's texts: name and description from the catalogue (in the interface language), the rest from the PackageTexts messages. */
export function usePackageTexts(pkg: PackageItem) {
  const t = useTranslations("PackageTexts");
  const texts = useMessages().PackageTexts;
  const estimate = useTranslations("Estimate");
  const costs = useActionCosts();
  const text = (key: string, fallback = "") => (isMessageKey(texts, key) ? t(key) : fallback);
  const purpose = pkg.package_purpose;
  return {
    name: pkg.name,
    // "≈ N generations" at the catalogue's prices (docs/product/billing.md "Prices per job").
    small:
      purpose === "reset"
        ? text(pkg.small_description_language_id)
        : estimate(purpose, { count: generationsFor(costs, purpose, pkg.quota_amount) }),
    description: pkg.description,
    models: text(pkg.description_models_id),
  };
}

const EMOJI: Record<PackageItem["package_purpose"], string> = {
  reset: "🔄",
  text_tokens: "💬",
  image_tokens: "🎨",
  audio_tokens: "🎧",
  video_tokens: "🎬",
  file_tokens: "📄",
};

/** The package's background picture; a gradient of its kind when the picture fails to load. */
export function PackageArt({ pkg }: { pkg: PackageItem }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`package-art package-art--${pkg.package_purpose}`} aria-hidden>
      {!failed && pkg.image && (
        <img className="package-art__image" src={pkg.image} alt="" onError={() => setFailed(true)} />
      )}
      <span className="package-art__emoji">{EMOJI[pkg.package_purpose]}</span>
    </div>
  );
}

export function PackageCard({ pkg, busy, onBuy }: { pkg: PackageItem; busy: boolean; onBuy: () => void }) {
  const t = useTranslations("PackStore");
  const texts = usePackageTexts(pkg);
  return (
    <article className="package-card" data-testid={`package-${pkg.package_id}`} data-purpose={pkg.package_purpose}>
      <PackageArt pkg={pkg} />
      <div className="package-card__body">
        <h2 className="package-card__name">{texts.name}</h2>
        {texts.small && <p className="package-card__small">{texts.small}</p>}
        {texts.description && <p className="package-card__description">{texts.description}</p>}
        {texts.models && <p className="package-card__models">{texts.models}</p>}
        <button
          type="button"
          className="button button--block"
          data-testid="package-buy"
          disabled={busy}
          onClick={onBuy}
        >
          {t("buy", { price: formatRoubles(pkg.price) })}
        </button>
      </div>
    </article>
  );
}
