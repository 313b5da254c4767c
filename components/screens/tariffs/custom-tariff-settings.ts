import {
  CUSTOM_DEFAULTS,
  CUSTOM_KINDS,
  CUSTOM_STEPS,
  DEFAULT_TIMEFRAME,
  TIMEFRAMES,
  clampToStep,
  type Bounds,
  type CustomKind,
  type CustomValues,
  type Timeframe,
} from "@/lib/shared/pricing/custom-tariff";

// The builder's values and timeframe kept locally (docs/product/screens.md "Tariffs and packages").
export type CustomSettings = { values: CustomValues; timeframe: Timeframe };

/** Stored settings (or the defaults), each value clamped to the current bounds and stepped. */
export function restoreCustomSettings(raw: string | null, bounds: Record<CustomKind, Bounds>): CustomSettings {
  let stored: Partial<Record<CustomKind | "timeframe", unknown>> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object") stored = parsed as typeof stored;
  } catch {
    // A damaged entry falls back to the defaults.
  }
  const values = Object.fromEntries(
    CUSTOM_KINDS.map((k) => {
      const v = typeof stored[k] === "number" ? (stored[k] as number) : CUSTOM_DEFAULTS[k];
      return [k, clampToStep(v, bounds[k], CUSTOM_STEPS[k])];
    }),
  ) as CustomValues;
  const timeframe = TIMEFRAMES.includes(stored.timeframe as Timeframe)
    ? (stored.timeframe as Timeframe)
    : DEFAULT_TIMEFRAME;
  return { values, timeframe };
}

export const serializeCustomSettings = ({ values, timeframe }: CustomSettings): string =>
  JSON.stringify({ ...values, timeframe });
