"use client";
import { useLocation } from "wouter";
import { useTranslations } from "next-intl";
import { routes } from "@/lib/routes";
import "@/components/payments/payments.css";

/** SPEC.md section 8 "Insufficient balance": the balance, the cost, and where to get more. */
export function InsufficientTokensModal({ balance, cost, onClose }: { balance: number; cost: number; onClose: () => void }) {
  const t = useTranslations("Video");
  const [, navigate] = useLocation();
  return (
    <div className="modal-backdrop" role="presentation" onClick={onClose}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby="insufficient-title" data-testid="insufficient-tokens-modal" onClick={(e) => e.stopPropagation()}>
        <div className="modal__icon" aria-hidden>
          🪫
        </div>
        <h3 id="insufficient-title" className="modal__title">
          {t("insufficientTokensTitle")}
        </h3>
        <p className="hint">{t("insufficientTokensMessage")}</p>
        <p data-testid="insufficient-balance">{t("currentBalance", { balance })}</p>
        <p className="modal__expires" data-testid="insufficient-cost">
          {t("requiredCost", { cost })}
        </p>
        <div className="modal__actions">
          <button type="button" className="button button--block" data-testid="insufficient-buy" onClick={() => navigate(routes.packStore())}>
            {t("buyTokens")}
          </button>
          <button type="button" className="button button--secondary button--block" data-testid="insufficient-tariff" onClick={() => navigate(routes.tariff())}>
            {t("changeTariff")}
          </button>
          <button type="button" className="modal__close" onClick={onClose}>
            {t("close")}
          </button>
        </div>
      </div>
    </div>
  );
}
