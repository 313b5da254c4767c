import { describe, expect, it } from "vitest";
import { arcPath, pointerToValue, valueToAngle, valueToFraction } from "@/components/ui/dial";

const bounds = { min: 0, max: 100 };

describe("dial geometry", () => {
  it("maps values onto a 270-degree arc", () => {
    expect(valueToAngle(0, bounds)).toBe(-135);
    expect(valueToAngle(50, bounds)).toBe(0);
    expect(valueToAngle(100, bounds)).toBe(135);
    expect(valueToFraction(150, bounds)).toBe(1);
    expect(valueToFraction(5, { min: 10, max: 10 })).toBe(0);
    expect(valueToFraction(0, { min: 0, max: 0 })).toBe(0); // 0 of 0 is an empty dial
  });
  it("maps a pointer back to a stepped value", () => {
    expect(pointerToValue({ dx: 0, dy: -1 }, bounds, 1)).toBe(50); // 12 o'clock
    expect(pointerToValue({ dx: 1, dy: 0 }, bounds, 1)).toBe(83); // 3 o'clock: 225/270
    expect(pointerToValue({ dx: -1, dy: 0 }, bounds, 10)).toBe(20); // 9 o'clock: 45/270 → 16.7 → 20
  });
  it("snaps a pointer in the bottom gap to the nearer end", () => {
    expect(pointerToValue({ dx: 0.1, dy: 1 }, bounds, 1)).toBe(100);
    expect(pointerToValue({ dx: -0.1, dy: 1 }, bounds, 1)).toBe(0);
  });
  it("draws arcs, empty when there is nothing to draw", () => {
    expect(arcPath({ cx: 50, cy: 50, r: 40, from: -135, to: -135 })).toBe("");
    expect(arcPath({ cx: 50, cy: 50, r: 40, from: -90, to: 90 })).toBe("M 10.00 50.00 A 40 40 0 0 1 90.00 50.00");
  });
});
