import { describe, expect, it } from "vitest";
import { actionCost, defaultActionCost, generationsFor, jobUnits, typicalUnits } from "@/lib/shared/pricing/job-price";

describe("job prices", () => {
  it("seeds each action's default from its kind's message estimate", () => {
    expect(defaultActionCost("text")).toEqual({ kind: "text_tokens", units: 1000, per: "1000_tokens" });
    expect(defaultActionCost("text", 2.5)).toEqual({ kind: "text_tokens", units: 2500, per: "1000_tokens" });
    expect(defaultActionCost("generate_image")).toEqual({ kind: "image_tokens", units: 6, per: "image" });
    expect(defaultActionCost("dubbing")).toEqual({ kind: "audio_tokens", units: 22, per: "minute" });
    expect(defaultActionCost("files")).toEqual({ kind: "file_tokens", units: 20, per: "document" });
    expect(defaultActionCost("video_to_video")).toEqual({ kind: "video_tokens", units: 25, per: "5_seconds" });
  });

  it("charges tokens times the multiplier, video per 5 s in proportion, the rest per item", () => {
    expect(jobUnits(actionCost("text", 1000), 17)).toBe(17);
    expect(jobUnits(actionCost("text", 2500), 17)).toBe(43);
    expect(jobUnits(actionCost("text_to_video", 25), 8)).toBe(40);
    expect(jobUnits(actionCost("text_to_video", 25), 10)).toBe(50);
    expect(jobUnits(actionCost("speech_to_text", 22), 2)).toBe(44);
    expect(jobUnits(actionCost("text_to_image", 6), 0)).toBe(0);
  });

  it("quotes the median price of a kind, and the default when the catalogue has none", () => {
    const costs = [
      actionCost("text_to_image", 4),
      actionCost("text_to_image", 6),
      actionCost("generate_image", 10),
      actionCost("text", 2000),
    ];
    expect(typicalUnits(costs, "image_tokens")).toBe(6);
    expect(typicalUnits(costs, "text_tokens")).toBe(200);
    expect(typicalUnits([], "file_tokens")).toBe(20);
    expect(generationsFor([], "image_tokens", 300)).toBe(50);
    expect(generationsFor([], "video_tokens", 100)).toBe(4);
    expect(generationsFor(costs, "text_tokens", 20000)).toBe(100);
  });
});
