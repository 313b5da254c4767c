"use client";
import { useEffect, useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { useTranslations } from "next-intl";
import { ModelIcon } from "@/components/models/model-icon";
import { PageSpinner } from "@/components/ui/page-spinner";
import { LoadFailure } from "@/components/ui/load-failure";
import { LockedOffer } from "@/components/upgrade/upgrade-offer";
import { InsufficientTokensModal } from "@/components/video/insufficient-tokens-modal";
import { ACTION_TITLE_KEY, readVideoAction } from "@/components/video/video-action";
import type { ModelItem } from "@/lib/contracts/models";
import type { VideoCostResponse } from "@/lib/contracts/video";
import { useModels } from "@/lib/queries/models";
import { checkVideoModelCost, clearVideoCostCache, useVideoCapabilities } from "@/lib/queries/video";
import { routes } from "@/lib/routes";
import { findCapability, supportsAction } from "@/lib/shared/video/capabilities";
import "@/components/video/video.css";

const TOOLTIP_MS = 1000;

/** /video?action=: the models that can do the action; choosing one checks its cost first. */
export default function VideoModelsScreen() {
  const t = useTranslations("Video");
  const tp = useTranslations("ModelPicker");
  const action = readVideoAction(useSearch());
  const [, navigate] = useLocation();
  const models = useModels();
  const capabilities = useVideoCapabilities();
  const [selected, setSelected] = useState<string | null>(null);
  const [short, setShort] = useState<VideoCostResponse | null>(null);
  const [tooltip, setTooltip] = useState<number | null>(null);
  // The tooltip goes after a second; the way up to a tariff with the model stays (docs/product/screens.md).
  const [locked, setLocked] = useState<ModelItem | null>(null);
  const tooltipTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // Balances change with every purchase and generation: the page starts from fresh cost checks.
  useEffect(() => {
    clearVideoCostCache();
    return () => clearTimeout(tooltipTimer.current);
  }, []);

  if (models.isPending || capabilities.isPending) return <PageSpinner />;
  if (models.isError || capabilities.isError)
    return <LoadFailure text={t("soryLoadError")} testId="video-load-error" />;

  const shown = models.data.filter((m) => {
    const capability = findCapability(capabilities.data.data, m.model_name);
    return capability && supportsAction(capability, action) && m.actions.some((a) => a.action === action);
  });
  const hasAccess = (m: ModelItem) => m.actions.some((a) => a.action === action && a.has_access);

  const choose = async (m: ModelItem) => {
    if (selected) return;
    if (!hasAccess(m)) {
      setLocked(m);
      setTooltip(m.model_id);
      clearTimeout(tooltipTimer.current);
      tooltipTimer.current = setTimeout(() => setTooltip(null), TOOLTIP_MS);
      return;
    }
    setSelected(m.model_name);
    try {
      const cost = await checkVideoModelCost(m.model_name);
      if (cost.can_afford) {
        navigate(routes.videoSetup({ action, modelId: m.model_id, modelName: m.model_name }));
        return;
      }
      setShort(cost);
    } catch (error) {
      console.error("Video cost check failed", error);
    }
    setSelected(null);
  };

  return (
    <div className="page video-models" data-testid="video-models">
      <h1>{t(ACTION_TITLE_KEY[action])}</h1>
      <h2>{t("chooseModel")}</h2>
      {shown.length === 0 ? (
        <p className="hint" data-testid="video-no-models">
          {t("noModels")}
        </p>
      ) : (
        <div className="video-models__list">
          {shown.map((m) => (
            <button
              key={m.model_id}
              type="button"
              className="video-model"
              data-testid={`video-model-${m.model_name}`}
              aria-disabled={!hasAccess(m)}
              aria-pressed={selected === m.model_name}
              onClick={() => void choose(m)}
            >
              <ModelIcon src={m.image} size={40} />
              <span className="video-model__text">
                <span className="video-model__name">{m.display_name}</span>
                <span className="hint">{m.description}</span>
                {tooltip === m.model_id && (
                  <span className="video-model__tooltip" role="status">
                    {m.opened_by ? tp("opensFrom", { tariff: m.opened_by }) : t("notAvailable")}
                  </span>
                )}
                {selected === m.model_name && <span className="hint">{t("checkingCost")}</span>}
              </span>
            </button>
          ))}
        </div>
      )}
      {locked && <LockedOffer model={locked} testId="video-upgrade" />}
      {short && (
        <InsufficientTokensModal
          balance={short.user_video_balance}
          cost={short.estimated_cost}
          onClose={() => setShort(null)}
        />
      )}
    </div>
  );
}
