import { START_ANGLE, SWEEP, arcPath, polar } from "./dial";

const SIZE = 120;
const C = SIZE / 2;
const R = 48;
const STROKE = 10;

/** The drawing of a dial: a 270-degree track, the filled share, and an optional knob at its end. */
export function DialArc({
  fraction,
  knob = false,
  color = "var(--accent)",
}: {
  fraction: number;
  knob?: boolean;
  color?: string;
}) {
  const end = START_ANGLE + SWEEP * Math.min(1, Math.max(0, fraction));
  const knobAt = polar(C, C, R, end);
  return (
    <svg className="dial-arc" viewBox={`0 0 ${SIZE} ${SIZE}`} aria-hidden>
      <path
        d={arcPath({ cx: C, cy: C, r: R, from: START_ANGLE, to: START_ANGLE + SWEEP })}
        fill="none"
        stroke="color-mix(in srgb, var(--hint) 22%, transparent)"
        strokeWidth={STROKE}
        strokeLinecap="round"
      />
      {fraction > 0 && (
        <path
          d={arcPath({ cx: C, cy: C, r: R, from: START_ANGLE, to: Math.max(end, START_ANGLE + 0.5) })}
          fill="none"
          stroke={color}
          strokeWidth={STROKE}
          strokeLinecap="round"
        />
      )}
      {knob && <circle cx={knobAt.x} cy={knobAt.y} r={9} fill="#fff" stroke={color} strokeWidth={4} />}
    </svg>
  );
}
