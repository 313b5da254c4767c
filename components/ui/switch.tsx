"use client";
import "./switch.css";

type SwitchProps = {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
  disabled?: boolean;
  testId?: string;
};

/** An on/off toggle with its label, usable by keyboard and screen readers (role="switch"). */
export function Switch({ checked, onChange, label, disabled, testId }: SwitchProps) {
  return (
    <label className={`switch${disabled ? " switch--disabled" : ""}`}>
      <span className="switch__label">{label}</span>
      <input
        type="checkbox"
        role="switch"
        className="switch__input"
        checked={checked}
        disabled={disabled}
        data-testid={testId}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="switch__track" aria-hidden>
        <span className="switch__thumb" />
      </span>
    </label>
  );
}
