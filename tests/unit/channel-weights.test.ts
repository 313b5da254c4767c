import { describe, expect, it } from "vitest";
import { weightedOrder } from "@/lib/server/channels/weights";

/** A small seeded generator (mulberry32): the same draws on every run. */
function seeded(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const a = { name: "a", priority: 0, weight: 3 };
const b = { name: "b", priority: 0, weight: 1 };
const c = { name: "c", priority: 1, weight: 5 };

describe("weightedOrder", () => {
  it("sends 40 turns over two channels weighted 3:1 about 30:10, the other channel always next", () => {
    const random = seeded(45);
    const firsts = { a: 0, b: 0 };
    for (let turn = 0; turn < 40; turn++) {
      const order = weightedOrder([a, b, c], random);
      firsts[order[0].name as "a" | "b"]++;
      expect(order.map((t) => t.name).sort()).toEqual(["a", "b", "c"]);
      expect(order[2]).toBe(c);
    }
    expect(firsts.a).toBeGreaterThanOrEqual(25);
    expect(firsts.a).toBeLessThanOrEqual(35);
    expect(firsts.a + firsts.b).toBe(40);
  });

  it("over many draws approaches the weights' share", () => {
    const random = seeded(7);
    let first = 0;
    for (let i = 0; i < 10_000; i++) if (weightedOrder([a, b], random)[0] === a) first++;
    expect(first / 10_000).toBeCloseTo(0.75, 1);
  });

  it("keeps a lone channel and the priorities' order, and picks by the draw's position", () => {
    expect(weightedOrder([c])).toEqual([c]);
    expect(weightedOrder([a, b], () => 0).map((t) => t.name)).toEqual(["a", "b"]);
    expect(weightedOrder([a, b], () => 0.8).map((t) => t.name)).toEqual(["b", "a"]);
    expect(weightedOrder([], () => 0)).toEqual([]);
  });
});
