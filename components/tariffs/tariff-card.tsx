"use client";
import { useMemo } from "react";
import { useLocale, useTranslations } from "next-intl";
import type { StandardTariff } from "@/lib/contracts/tariff";
import { haptic } from "@/lib/client/host";
import { formatCount } from "@/lib/shared/format";
import { formatRoubles } from "@/components/payments/payment-form";
import { KIND_KEY, generationsFor } from "@/lib/shared/pricing/job-price";
import { perDayCost } from "@/lib/shared/pricing/periods";
import { useActionCosts } from "@/lib/queries/models";
import { CARD_KINDS, CARD_ORDER, cardBalance, cardStyleIndex, pickCardModels, type CardKind } from "./tariff-cards";
import { CUSTOM_TARIFF, FREE_TARIFF } from "@/lib/shared/tariff-names";
import { TariffEnd } from "./tariff-end";
import { ModelIcon } from "@/components/models/model-icon";
import { TiltCard } from "./tilt-card";
import "./tariffs.css";

type TariffCardProps = {
  name: string;
  tariff: StandardTariff;
  index: number;
  active: boolean;
  onChoose: () => void;
};

export function TariffCard({ name, tariff, index, active, onChoose }: TariffCardProps) {
  const t = useTranslations("TariffList");
  const estimate = useTranslations("Estimate");
  const locale = useLocale();
  const costs = useActionCosts();
  // Picked once per tariff data: the random order stays put while the screen is open.
  const models = useMemo(() => pickCardModels(tariff.models), [tariff.models]);
  const showPerDay = index > 0 && tariff.amount > 0;
  const description = tariff.description;
  // The Custom tariff's balances are the most its dials allow.
  const balance = (kind: "text" | CardKind) => {
    const value = formatCount(cardBalance(tariff, kind), locale);
    return name === CUSTOM_TARIFF ? t("upTo", { value }) : value;
  };
  // What the balance buys at the catalogue's prices (docs/product/billing.md "Prices per job").
  const jobs = (kind: "text" | CardKind) =>
    estimate(KIND_KEY[kind], { count: generationsFor(costs, KIND_KEY[kind], cardBalance(tariff, kind)) });
  // An active Custom tariff stays open: its builder rebuilds it (docs/decisions/0380-custom-tariff-rebuild.md).
  const rebuild = active && name === CUSTOM_TARIFF;

  return (
    <TiltCard className={`tariff-card tariff-card--style-${cardStyleIndex(index)}`} testId={`tariff-card-${name}`}>
      <div className="tariff-card__head">
        <h2 className="tariff-card__title">{name}</h2>
        {showPerDay && (
          <div className="tariff-card__price" data-testid="tariff-per-day">
            <strong>{t("perDay", { amount: perDayCost(tariff.amount) })}</strong>
            <span>{t("perMonth", { amount: formatRoubles(tariff.amount) })}</span>
          </div>
        )}
      </div>
      <p className="tariff-card__description">{description}</p>

      {models.text.length > 0 && (
        <div className="tariff-card__section">
          <div className="tariff-card__section-head">
            <span>{t("kind.text")}</span>
            <span className="tariff-card__amount">
              <span className="tariff-card__balance" data-testid="balance-text">
                {balance("text")}
              </span>
              <span className="tariff-card__jobs" data-testid="jobs-text">
                {jobs("text")}
              </span>
            </span>
          </div>
          <ul className="tariff-card__chips">
            {models.text.map((m) => (
              <li key={m.id} className="model-chip">
                <ModelIcon src={m.image} size={16} />
                <span>{m.name}</span>
              </li>
            ))}
          </ul>
        </div>
      )}

      <ul className="tariff-card__kinds">
        {CARD_KINDS.map((kind) => {
          const model = models[kind];
          return (
            <li key={kind} className="kind-row">
              {model ? (
                <ModelIcon src={model.image} size={22} />
              ) : (
                <span className="kind-row__none" aria-hidden>
                  —
                </span>
              )}
              <span className="kind-row__text">
                <span className="kind-row__kind">{t(`kind.${kind}`)}</span>
                <span className="kind-row__model">{model?.name ?? t("notIncluded")}</span>
              </span>
              <span className="tariff-card__amount">
                <span className="tariff-card__balance" data-testid={`balance-${kind}`}>
                  {balance(kind)}
                </span>
                <span className="tariff-card__jobs" data-testid={`jobs-${kind}`}>
                  {jobs(kind)}
                </span>
              </span>
            </li>
          );
        })}
      </ul>

      {active && name !== FREE_TARIFF && <TariffEnd className="tariff-card__end" />}
      <button
        type="button"
        className={`button button--block tariff-card__button${active && !rebuild ? " tariff-card__button--active" : ""}`}
        disabled={active && !rebuild}
        data-testid="tariff-choose"
        onClick={() => {
          haptic("choose");
          onChoose();
        }}
      >
        {rebuild ? t("rebuild") : active ? t("activeTariff") : t("choose")}
      </button>
    </TiltCard>
  );
}

export function PackStoreCard({ index, onChoose }: { index: number; onChoose: () => void }) {
  const t = useTranslations("TariffList");
  return (
    <TiltCard className={`tariff-card tariff-card--style-${cardStyleIndex(index)}`} testId="tariff-card-packstore">
      <div className="tariff-card__head">
        <h2 className="tariff-card__title">{t("packStoreTitle")}</h2>
        <span className="tariff-card__emoji" aria-hidden>
          🛒
        </span>
      </div>
      <p className="tariff-card__description">{t("packStoreDescription")}</p>
      <ul className="tariff-card__kinds">
        {CARD_ORDER.map((kind) => (
          <li key={kind} className="kind-row">
            <span className="kind-row__kind">{t(`kind.${kind}`)}</span>
            <span className="tariff-card__balance">+</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--block tariff-card__button"
        data-testid="tariff-choose"
        onClick={() => {
          haptic("choose");
          onChoose();
        }}
      >
        {t("choose")}
      </button>
    </TiltCard>
  );
}
