import { describe, expect, it } from "vitest";
import { readableColours } from "@/lib/client/readable-theme";
import { AA_TEXT, contrastRatio, readableShade } from "@/lib/shared/contrast";

describe("contrastRatio", () => {
  it("measures as WCAG does: black on white is 21, a colour on itself 1", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#ffffff")).toBe(1);
    expect(contrastRatio("#767676", "#ffffff")).toBeCloseTo(4.54, 2);
    expect(contrastRatio("red", "#ffffff")).toBeNaN();
  });
});

describe("readableShade", () => {
  it("keeps a colour that already passes", () => {
    expect(readableShade("#1f2328", ["#ffffff", "#f1f3f6"])).toBe("#1f2328");
  });
  it("darkens a weak colour on a light background just enough", () => {
    const shade = readableShade("#8a8f98", ["#ffffff", "#f1f3f6"]);
    expect(contrastRatio(shade, "#f1f3f6")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(shade, "#f1f3f6")).toBeLessThan(AA_TEXT + 0.3);
  });
  it("lightens a weak colour on a dark background", () => {
    const shade = readableShade("#708499", ["#17212b", "#0e1621"]);
    expect(contrastRatio(shade, "#17212b")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(shade, "#708499")).toBeLessThan(1.6);
  });
  it("answers a colour it cannot read unchanged", () => {
    expect(readableShade("var(--x)", ["#ffffff"])).toBe("var(--x)");
  });
});

describe("readableColours", () => {
  it("makes a host's too weak hint, link and button readable on the host's backgrounds", () => {
    const host = {
      bgColor: "#ffffff",
      secondaryBgColor: "#eeeeee",
      hintColor: "#cccccc",
      linkColor: "#66aaff",
      buttonColor: "#99ccff",
      buttonTextColor: "#ffffff",
    };
    const colours = readableColours(host, false);
    for (const name of ["--text", "--hint", "--link", "--accent-ink", "--danger", "--success"]) {
      expect(contrastRatio(colours[name], "#eeeeee"), name).toBeGreaterThanOrEqual(AA_TEXT);
    }
    expect(contrastRatio(colours["--accent"], colours["--accent-text"])).toBeGreaterThanOrEqual(AA_TEXT);
  });
  it("uses the theme's own defaults when the host sends nothing (dark)", () => {
    const colours = readableColours({}, true);
    expect(contrastRatio(colours["--hint"], "#17212b")).toBeGreaterThanOrEqual(AA_TEXT);
    expect(colours["--text"]).toBe("#f5f5f5");
  });
});
