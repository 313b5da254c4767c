import { describe, expect, it } from "vitest";
import { filterPackagesByTab } from "@/components/packages/package-tabs";

const pkgs = (["reset", "text_tokens", "text_tokens", "image_tokens", "file_tokens"] as const).map(
  (package_purpose, i) => ({ id: i, package_purpose }),
);

describe("package tabs", () => {
  it("repeat shows the reset package, a-b everything", () => {
    expect(filterPackagesByTab(pkgs, "repeat").map((p) => p.id)).toEqual([0]);
    expect(filterPackagesByTab(pkgs, "a-b")).toHaveLength(5);
  });
  it("kind tabs filter by purpose", () => {
    expect(filterPackagesByTab(pkgs, "text").map((p) => p.id)).toEqual([1, 2]);
    expect(filterPackagesByTab(pkgs, "images").map((p) => p.id)).toEqual([3]);
    expect(filterPackagesByTab(pkgs, "files").map((p) => p.id)).toEqual([4]);
    expect(filterPackagesByTab(pkgs, "video")).toEqual([]);
  });
});
