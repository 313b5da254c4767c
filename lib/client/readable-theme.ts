import { readableShade } from "@/lib/shared/contrast";

// The host's theme colours as the stylesheet uses them (app/globals.css), each moved to the nearest
// shade that meets WCAG AA on the backgrounds it is drawn on (docs/product/screens.md#accessibility):
// a host may send a hint or button colour too weak to read.

// What app/globals.css falls back to when the host sends no colour, and the status colours the host
// has no name for, per theme.
const FALLBACK = {
  light: {
    bg: "#ffffff",
    bg2: "#f1f3f6",
    text: "#1f2328",
    hint: "#8a8f98",
    link: "#2481cc",
    accent: "#2481cc",
    accentText: "#ffffff",
    danger: "#e5484d",
    success: "#30a46c",
  },
  dark: {
    bg: "#17212b",
    bg2: "#0e1621",
    text: "#f5f5f5",
    hint: "#708499",
    link: "#6ab3f3",
    accent: "#5288c1",
    accentText: "#ffffff",
    danger: "#ec3942",
    success: "#30a46c",
  },
};

/** Theme colours by their Telegram names in snake or camel case (bg_color, bgColor...). */
export type HostColours = Partial<Record<string, string>>;

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** The stylesheet's colour variables (--text, --hint...) with readable values for these host colours. */
export function readableColours(host: HostColours, dark: boolean): Record<string, string> {
  const named = Object.fromEntries(Object.entries(host).map(([key, value]) => [snake(key), value]));
  const base = FALLBACK[dark ? "dark" : "light"];
  const bg = named.bg_color ?? base.bg;
  const grounds = [bg, named.secondary_bg_color ?? base.bg2];
  const accentText = named.button_text_color ?? base.accentText;
  return {
    "--text": readableShade(named.text_color ?? base.text, grounds),
    "--hint": readableShade(named.hint_color ?? base.hint, grounds),
    "--link": readableShade(named.link_color ?? base.link, grounds),
    // The button's own colour moves so that its label stays readable on it.
    "--accent": readableShade(named.button_color ?? base.accent, [accentText]),
    "--accent-text": accentText,
    // The same colour where it is text on the page (a chosen segment, a price).
    "--accent-ink": readableShade(named.button_color ?? base.accent, grounds),
    "--danger": readableShade(named.destructive_text_color ?? base.danger, grounds),
    "--success": readableShade(base.success, grounds),
  };
}

/** Sets the readable colours on <html>, over the stylesheet's defaults. */
export function paintReadableColours(host: HostColours, dark: boolean): void {
  const root = document.documentElement;
  for (const [name, value] of Object.entries(readableColours(host, dark))) root.style.setProperty(name, value);
}
