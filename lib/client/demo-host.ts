"use client";

// What the mocked messenger reports in demo mode (a browser tab): ?demo_theme=dark picks the dark
// palette so both themes can be seen and tested without Telegram. Colours follow Telegram's own.
const LIGHT = {
  bg_color: "#ffffff",
  text_color: "#1f2328",
  hint_color: "#8a8f98",
  link_color: "#2481cc",
  button_color: "#2481cc",
  button_text_color: "#ffffff",
  secondary_bg_color: "#f1f3f6",
  header_bg_color: "#ffffff",
  section_bg_color: "#ffffff",
  destructive_text_color: "#e5484d",
} as const;

const DARK = {
  bg_color: "#17212b",
  text_color: "#f5f5f5",
  hint_color: "#708499",
  link_color: "#6ab3f3",
  button_color: "#5288c1",
  button_text_color: "#ffffff",
  secondary_bg_color: "#0e1621",
  header_bg_color: "#17212b",
  section_bg_color: "#17212b",
  destructive_text_color: "#ec3942",
} as const;

export type DemoTheme = "light" | "dark";

export const readDemoTheme = (search: string = window.location.search): DemoTheme =>
  new URLSearchParams(search).get("demo_theme") === "dark" ? "dark" : "light";

export const demoThemeParams = (theme: DemoTheme) => (theme === "dark" ? DARK : LIGHT);

/** `?demo_write=deny` plays a user who refuses the bot write access (lib/client/telegram.ts answers the request). */
export const demoWriteAccess = (): string | null => new URLSearchParams(window.location.search).get("demo_write");
