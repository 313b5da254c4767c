import type { PackageItem } from "@/lib/contracts/package";
import { perKind } from "@/lib/shared/quota-kinds";

// Package store tabs (docs/product/screens.md): 'repeat' is the reset package, 'a-b' shows all.
export const PACKAGE_TABS = ["repeat", "a-b", "text", "images", "audio", "video", "files"] as const;
export type PackageTab = (typeof PACKAGE_TABS)[number];
export const DEFAULT_PACKAGE_TAB: PackageTab = "a-b";

const PURPOSE_OF: Record<Exclude<PackageTab, "a-b">, PackageItem["package_purpose"]> = {
  repeat: "reset",
  ...perKind("packageTab", (r) => r.apiKey),
};

export function filterPackagesByTab<T extends Pick<PackageItem, "package_purpose">>(
  packages: readonly T[],
  tab: PackageTab,
): T[] {
  if (tab === "a-b") return [...packages];
  return packages.filter((p) => p.package_purpose === PURPOSE_OF[tab]);
}
