import { clampToStep, type Bounds } from "@/lib/shared/pricing/custom-tariff";

// Geometry of the circular dials (custom tariff builder, limits page): a 270-degree arc with its
// gap at the bottom, from START_ANGLE (min) clockwise to START_ANGLE + SWEEP (max). Angles are in
// degrees clockwise from 12 o'clock.
export const START_ANGLE = -135;
export const SWEEP = 270;

/** Share of the arc (0..1) a value covers. */
export function valueToFraction(value: number, { min, max }: Bounds): number {
  if (max <= min) return value > min ? 1 : 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

export const valueToAngle = (value: number, bounds: Bounds): number =>
  START_ANGLE + SWEEP * valueToFraction(value, bounds);

/** Angle (degrees clockwise from 12 o'clock, -180..180) of a pointer relative to the dial's centre. */
export const pointerAngle = ({ dx, dy }: { dx: number; dy: number }): number => (Math.atan2(dx, -dy) * 180) / Math.PI;

/**
 * The value under a pointer: its angle mapped onto the arc, clamped to the bounds and rounded to the
 * step. A pointer in the bottom gap snaps to the nearer end.
 */
export function pointerToValue(delta: { dx: number; dy: number }, bounds: Bounds, step: number): number {
  const angle = pointerAngle(delta);
  let fraction = (angle - START_ANGLE) / SWEEP;
  if (angle > START_ANGLE + SWEEP || angle < START_ANGLE) fraction = angle > 0 ? 1 : 0;
  return clampToStep(bounds.min + fraction * (bounds.max - bounds.min), bounds, step);
}

/** Point on a circle of radius r around (cx, cy) at an angle (degrees clockwise from 12 o'clock). */
export function polar(cx: number, cy: number, r: number, angle: number): { x: number; y: number } {
  const rad = (angle * Math.PI) / 180;
  return { x: cx + r * Math.sin(rad), y: cy - r * Math.cos(rad) };
}

/** SVG path of an arc from one angle to another (clockwise). */
export function arcPath({
  cx,
  cy,
  r,
  from,
  to,
}: {
  cx: number;
  cy: number;
  r: number;
  from: number;
  to: number;
}): string {
  if (to - from < 0.01) return "";
  const a = polar(cx, cy, r, from);
  const b = polar(cx, cy, r, to);
  const large = to - from > 180 ? 1 : 0;
  return `M ${a.x.toFixed(2)} ${a.y.toFixed(2)} A ${r} ${r} 0 ${large} 1 ${b.x.toFixed(2)} ${b.y.toFixed(2)}`;
}
