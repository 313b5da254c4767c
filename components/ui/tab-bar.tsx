"use client";
import "./tab-bar.css";

type Props<T extends string> = {
  tabs: readonly T[];
  active: T;
  label: (tab: T) => string;
  onChange: (tab: T) => void;
  /** Test ids become `${testIdPrefix}-${tab}`. */
  testIdPrefix: string;
  ariaLabel?: string;
  /** Stays under the header while the list scrolls. */
  sticky?: boolean;
};

/** A row of pill tabs that scrolls sideways when it does not fit. */
export function TabBar<T extends string>({
  tabs,
  active,
  label,
  onChange,
  testIdPrefix,
  ariaLabel,
  sticky = false,
}: Props<T>) {
  return (
    <div className={`tabs${sticky ? " tabs--sticky" : ""}`} role="tablist" aria-label={ariaLabel}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          aria-selected={active === tab}
          className={`tabs__tab${active === tab ? " tabs__tab--active" : ""}`}
          data-testid={`${testIdPrefix}-${tab}`}
          onClick={() => onChange(tab)}
        >
          {label(tab)}
        </button>
      ))}
    </div>
  );
}
