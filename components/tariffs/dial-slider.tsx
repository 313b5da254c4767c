"use client";
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { DialArc } from "@/components/ui/dial-arc";
import { pointerToValue, valueToFraction } from "@/components/ui/dial";
import { holdVerticalSwipes } from "@/lib/client/host";
import { formatCount, formatNumber } from "@/lib/shared/format";
import { clampToStep, parseTypedValue, type Bounds, type CustomKind } from "@/lib/shared/pricing/custom-tariff";
import { KIND_KEY, typicalUnits } from "@/lib/shared/pricing/job-price";
import { useActionCosts } from "@/lib/queries/models";
import "./dials.css";

type DialSliderProps = {
  kind: CustomKind;
  value: number;
  bounds: Bounds;
  step: number;
  onChange: (value: number) => void;
};

/** A circular dial dragged with the pointer, with - / + buttons and a typed value. */
export function DialSlider({ kind, value, bounds, step, onChange }: DialSliderProps) {
  const t = useTranslations("CreateTariff");
  const costs = useActionCosts();
  const [tip, setTip] = useState(false);
  const locale = useLocale();
  // The typed value reads as the locale groups it ("3 000 000"); parsing accepts any grouping.
  const shown = (v: number) => formatNumber(v, locale);
  const [typed, setTyped] = useState(shown(value));
  const dragging = useRef(false);
  const releaseSwipes = useRef<(() => void) | null>(null);
  const endDrag = () => {
    dragging.current = false;
    releaseSwipes.current?.();
    releaseSwipes.current = null;
  };
  // A new value from outside (drag, another dial's rules) or another locale rewrites the typed text.
  const [typedFrom, setTypedFrom] = useState({ value, locale });
  if (typedFrom.value !== value || typedFrom.locale !== locale) {
    setTypedFrom({ value, locale });
    setTyped(shown(value));
  }

  const fromPointer = (e: ReactPointerEvent<SVGSVGElement | HTMLDivElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    const delta = { dx: e.clientX - (rect.left + rect.width / 2), dy: e.clientY - (rect.top + rect.height / 2) };
    onChange(pointerToValue(delta, bounds, step));
  };
  const commitTyped = () => {
    const parsed = parseTypedValue(typed, bounds, step);
    if (parsed === null) setTyped(shown(value));
    else {
      onChange(parsed);
      setTyped(shown(parsed));
    }
  };
  const nudge = (direction: 1 | -1) => onChange(clampToStep(value + direction * step, bounds, step));

  return (
    <div className="dial-slider" data-testid={`dial-${kind}`}>
      <div className="dial-slider__head">
        <span className="dial-slider__title">{t(`kind.${kind}`)}</span>
        <button
          type="button"
          className="dial-slider__info"
          aria-label={t("about", { kind: t(`kind.${kind}`) })}
          aria-expanded={tip}
          data-testid={`dial-info-${kind}`}
          onClick={() => setTip((v) => !v)}
        >
          i
        </button>
      </div>
      {tip && (
        <p className="dial-slider__tip" role="note" data-testid={`dial-tip-${kind}`}>
          {t(`tip.${kind}`, { units: typicalUnits(costs, KIND_KEY[kind]) })}
        </p>
      )}
      <div
        className="dial dial--interactive"
        role="slider"
        tabIndex={0}
        aria-label={t(`kind.${kind}`)}
        aria-valuemin={bounds.min}
        aria-valuemax={bounds.max}
        aria-valuenow={value}
        data-testid={`dial-knob-${kind}`}
        onPointerDown={(e) => {
          dragging.current = true;
          // The host would take a downward drag on the dial for "close the app".
          releaseSwipes.current = holdVerticalSwipes();
          e.currentTarget.setPointerCapture(e.pointerId);
          fromPointer(e);
        }}
        onPointerMove={(e) => dragging.current && fromPointer(e)}
        onPointerUp={endDrag}
        onPointerCancel={endDrag}
        onKeyDown={(e) => {
          if (e.key === "ArrowRight" || e.key === "ArrowUp") nudge(1);
          else if (e.key === "ArrowLeft" || e.key === "ArrowDown") nudge(-1);
          else return;
          e.preventDefault();
        }}
      >
        <DialArc fraction={valueToFraction(value, bounds)} knob />
        <div className="dial__center">
          <strong className="dial__value" data-testid={`dial-value-${kind}`}>
            {formatCount(value, locale)}
          </strong>
          <span className="dial__of">{t(`unit.${kind}`)}</span>
        </div>
      </div>
      <div className="dial-slider__controls">
        <button
          type="button"
          className="dial-slider__step"
          aria-label={t("less")}
          data-testid={`dial-minus-${kind}`}
          disabled={value <= bounds.min}
          onClick={() => nudge(-1)}
        >
          −
        </button>
        <input
          className="dial-slider__input"
          inputMode="numeric"
          aria-label={t("typeValue", { kind: t(`kind.${kind}`) })}
          data-testid={`dial-input-${kind}`}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onBlur={commitTyped}
          onKeyDown={(e) => e.key === "Enter" && (e.currentTarget as HTMLInputElement).blur()}
        />
        <button
          type="button"
          className="dial-slider__step"
          aria-label={t("more")}
          data-testid={`dial-plus-${kind}`}
          disabled={value >= bounds.max}
          onClick={() => nudge(1)}
        >
          +
        </button>
      </div>
      <span className="dial-slider__range">
        {formatCount(bounds.min, locale)} – {formatCount(bounds.max, locale)}
      </span>
    </div>
  );
}
