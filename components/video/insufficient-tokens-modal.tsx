"use client";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import { VideoModal } from "./video-modal";

/** Not enough quota: the balance, the cost, and where to get more (docs/product/errors.md). */
export function InsufficientTokensModal({
  balance,
  cost,
  onClose,
}: {
  balance: number;
  cost: number;
  onClose: () => void;
}) {
  const t = useTranslations("Video");
  const [, navigate] = useLocation();
  return (
    <VideoModal icon="🪫" title={t("insufficientTokensTitle")} testId="insufficient-tokens-modal" onClose={onClose}>
      <p className="hint">{t("insufficientTokensMessage")}</p>
      <p data-testid="insufficient-balance">{t("currentBalance", { balance })}</p>
      <p className="modal__expires" data-testid="insufficient-cost">
        {t("requiredCost", { cost })}
      </p>
      <div className="modal__actions">
        <button
          type="button"
          className="button button--block"
          data-testid="insufficient-buy"
          onClick={() => navigate(routes.packStore())}
        >
          {t("buyTokens")}
        </button>
        <button
          type="button"
          className="button button--secondary button--block"
          data-testid="insufficient-tariff"
          onClick={() => navigate(routes.tariff())}
        >
          {t("changeTariff")}
        </button>
        <button type="button" className="modal__close" onClick={onClose}>
          {t("close")}
        </button>
      </div>
    </VideoModal>
  );
}
