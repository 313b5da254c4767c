"use client";
import { useEffect, useRef, useState } from "react";
import { useTranslations } from "next-intl";
import type { ModelItem } from "@/lib/contracts/models";
import type { PickerType } from "@/lib/shared/model-actions";
import { LockedOffer, UpgradeOffer } from "@/components/upgrade/upgrade-offer";
import { ACTION_QUOTA } from "@/lib/client/action-quota";
import { haptic } from "@/lib/client/host";
import { useLaunchModel, useModels } from "@/lib/queries/models";
import { useUserStatistic } from "@/lib/queries/user";
import { launchErrorKind } from "./launch-error";
import { hasAccess, modelsFor } from "./model-filters";
import { ModelIcon } from "./model-icon";
import { VisionMark } from "./vision-mark";
import { DemoChatLink } from "@/components/demo-chat/demo-chat-link";
import { splitColumns } from "./split-columns";
import "./models.css";

const TOOLTIP_MS = 1000;

/** Home's inline picker: the models of one action in two columns; choosing one launches it. */
export function ModelPicker({ type, onClose }: { type: PickerType; onClose: () => void }) {
  const t = useTranslations("ModelPicker");
  const { data, isPending, isError, refetch } = useModels();
  const launch = useLaunchModel();
  const statistic = useUserStatistic();
  // A used-up quota is said before a launch that the bot would only refuse.
  const exhausted = statistic.data !== undefined && statistic.data.remaining_quotas[ACTION_QUOTA[type]] <= 0;
  const [tooltipFor, setTooltipFor] = useState<number | null>(null);
  // The tooltip goes after a second; the way up stays: locked things lead somewhere (docs/product/screens.md).
  const [locked, setLocked] = useState<ModelItem | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const showTooltip = (modelId: number) => {
    clearTimeout(timer.current);
    setTooltipFor(modelId);
    haptic("error");
    timer.current = setTimeout(() => setTooltipFor(null), TOOLTIP_MS);
  };
  const choose = (model: ModelItem) => {
    if (!hasAccess(model, type)) {
      setLocked(model);
      return showTooltip(model.model_id);
    }
    if (launch.isPending) return;
    launch.mutate({ model_id: model.model_id, action: type });
  };

  const models = data ? modelsFor(data, type) : [];
  const errorText = () => {
    const kind = launchErrorKind(launch.error);
    if (kind === "forbidden") return t("launchForbidden");
    if (kind === "notFound") return t("launchNotFound");
    if (kind === "rateLimited") return t("launchRateLimited");
    if (kind === "writeAccess") return t("launchNoWriteAccess");
    return t("launchFailed", { message: launch.error?.message ?? "" });
  };

  return (
    <div className="model-picker" data-testid={`model-picker-${type}`}>
      <div className="model-picker__head">
        <button type="button" className="model-picker__back" data-testid="model-picker-back" onClick={onClose}>
          ‹ {t("back")}
        </button>
        <span className="model-picker__title">{t("title")}</span>
      </div>

      {isPending && (
        <div className="model-picker__columns" aria-busy="true">
          {[0, 1].map((col) => (
            <div key={col} className="model-picker__column">
              {[0, 1].map((i) => (
                <div key={i} className="model-row model-row--skeleton" />
              ))}
            </div>
          ))}
        </div>
      )}

      {isError && (
        <div className="model-picker__notice">
          <p>{t("loadError")}</p>
          <button type="button" className="button button--secondary" onClick={() => void refetch()}>
            {t("retry")}
          </button>
        </div>
      )}

      {data && models.length === 0 && <p className="model-picker__notice hint">{t("empty")}</p>}

      {models.length > 0 && (
        <div className="model-picker__columns">
          {splitColumns(models).map((column, i) => (
            <div key={i} className="model-picker__column">
              {column.map((model) => {
                const allowed = hasAccess(model, type);
                const starting = launch.isPending && launch.variables?.model_id === model.model_id;
                return (
                  <div key={model.model_id} className="model-row__wrap">
                    <button
                      type="button"
                      className={`model-row${allowed ? "" : " model-row--locked"}`}
                      aria-disabled={!allowed}
                      data-testid={`model-option-${model.model_name}`}
                      onClick={() => choose(model)}
                    >
                      <ModelIcon src={model.image} />
                      <span className="model-row__name">{model.display_name}</span>
                      {model.vision && <VisionMark />}
                      <span className="model-row__go" aria-hidden>
                        {starting ? <span className="spinner spinner--small" /> : allowed ? "›" : "🔒"}
                      </span>
                    </button>
                    {tooltipFor === model.model_id && (
                      <span className="model-row__tooltip" role="tooltip" data-testid="model-tooltip">
                        {model.opened_by ? t("opensFrom", { tariff: model.opened_by }) : t("notAvailable")}
                      </span>
                    )}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      )}

      {launch.isError && (
        <p className="model-picker__error" role="alert" data-testid="model-picker-error">
          {errorText()}
        </p>
      )}
      {launch.isSuccess && (
        <p className="model-picker__success" role="status" data-testid="model-picker-launched">
          {t("launched")}
          <DemoChatLink />
        </p>
      )}
      {exhausted && <UpgradeOffer message={t("quotaExhausted")} packages testId="quota-upgrade" />}
      {locked && <LockedOffer model={locked} testId="model-upgrade" />}
    </div>
  );
}
