// Video formats as the capabilities call lists them, grouped by aspect ratio (docs/product/video.md).
export type VideoFormat = { key: string; name: string; width: number; height: number; aspect_ratio: string };
export type FormatGroup = "landscape" | "portrait" | "square";
export const FORMAT_GROUPS: readonly FormatGroup[] = ["landscape", "portrait", "square"];

export function formatGroup(format: Pick<VideoFormat, "width" | "height">): FormatGroup {
  const ratio = format.width / format.height;
  if (ratio > 1.1) return "landscape";
  if (ratio < 0.9) return "portrait";
  return "square";
}

/** Formats by group, in list order; empty groups are left out. */
export function groupFormats(formats: readonly VideoFormat[]): { group: FormatGroup; formats: VideoFormat[] }[] {
  return FORMAT_GROUPS.map((group) => ({ group, formats: formats.filter((f) => formatGroup(f) === group) })).filter(
    (g) => g.formats.length > 0,
  );
}

/** The first landscape format, otherwise the first of the list. */
export const defaultFormat = (formats: readonly VideoFormat[]): VideoFormat | undefined =>
  formats.find((f) => formatGroup(f) === "landscape") ?? formats[0];
