// The header's bell and cart, as the shapes of a 24-unit SVG stroked in the text colour: drawn by the
// header (components/shell/header.tsx) and by the page's launch copy of it (launch-splash.ts), which
// is sent as source text before any bundle loads and so is handed them as data.

export type IconShape = readonly [tag: "path" | "circle", attributes: Readonly<Record<string, string>>];

export const HEADER_ICONS = {
  bell: [
    ["path", { d: "M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" }],
    ["path", { d: "M13.7 21a2 2 0 0 1-3.4 0" }],
  ],
  cart: [
    ["circle", { cx: "9", cy: "21", r: "1" }],
    ["circle", { cx: "20", cy: "21", r: "1" }],
    ["path", { d: "M1 1h4l2.7 13.4a2 2 0 0 0 2 1.6h9.7a2 2 0 0 0 2-1.6L23 6H6" }],
  ],
} as const satisfies Record<string, readonly IconShape[]>;

export type HeaderIconName = keyof typeof HEADER_ICONS;
