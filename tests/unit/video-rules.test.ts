import { describe, expect, it } from "vitest";
import { defaultFormat, formatGroup, groupFormats, type VideoFormat } from "@/lib/shared/video/formats";
import {
  DEFAULT_VIDEO_COST,
  defaultDuration,
  durationOptions,
  videoCost,
  videoFamily,
} from "@/lib/shared/video/durations";
import { findCapability, supportsAction, type VideoCapability } from "@/lib/shared/video/capabilities";

const f = (key: string, width: number, height: number): VideoFormat => ({
  key,
  name: key,
  width,
  height,
  aspect_ratio: `${width}:${height}`,
});

describe("video formats", () => {
  it("groups by aspect ratio: above 1.1 landscape, below 0.9 portrait, otherwise square", () => {
    expect(formatGroup({ width: 1280, height: 720 })).toBe("landscape");
    expect(formatGroup({ width: 111, height: 100 })).toBe("landscape");
    expect(formatGroup({ width: 110, height: 100 })).toBe("square");
    expect(formatGroup({ width: 90, height: 100 })).toBe("square");
    expect(formatGroup({ width: 89, height: 100 })).toBe("portrait");
    expect(formatGroup({ width: 960, height: 960 })).toBe("square");
  });

  it("lists groups in the order landscape, portrait, square, leaving empty ones out", () => {
    const groups = groupFormats([f("sq", 960, 960), f("p", 720, 1280), f("l", 1280, 720), f("l2", 1584, 672)]);
    expect(groups.map((g) => [g.group, g.formats.map((x) => x.key)])).toEqual([
      ["landscape", ["l", "l2"]],
      ["portrait", ["p"]],
      ["square", ["sq"]],
    ]);
    expect(groupFormats([f("p", 720, 1280)]).map((g) => g.group)).toEqual(["portrait"]);
  });

  it("defaults to the first landscape format, otherwise the first one", () => {
    expect(defaultFormat([f("p", 720, 1280), f("l", 1280, 720), f("l2", 1584, 672)])?.key).toBe("l");
    expect(defaultFormat([f("p", 720, 1280), f("sq", 960, 960)])?.key).toBe("p");
    expect(defaultFormat([])).toBeUndefined();
  });
});

describe("video durations and cost", () => {
  it("knows the families by name", () => {
    expect(videoFamily("veo-3")).toBe("veo");
    expect(videoFamily("gen4_aleph")).toBe("gen4_aleph");
    expect(videoFamily("gen4_turbo")).toBe("gen4_turbo");
    expect(videoFamily("kling")).toBe("other");
  });

  it("fixes veo and gen4 aleph at 8 s, offers gen4_turbo 5 or 10 s (default 5), others their own list", () => {
    expect(durationOptions("veo-3")).toEqual([8]);
    expect(durationOptions("gen4_aleph", [5, 10])).toEqual([8]);
    expect(durationOptions("gen4_turbo")).toEqual([5, 10]);
    expect(defaultDuration("gen4_turbo")).toBe(5);
    expect(durationOptions("kling", [6, 12])).toEqual([6, 12]);
    expect(durationOptions("kling")).toEqual([5]);
  });

  it("costs duration / 5 × 25, and 50 with no duration", () => {
    expect(videoCost(5)).toBe(25);
    expect(videoCost(10)).toBe(50);
    expect(videoCost(8)).toBe(40);
    expect(videoCost(undefined)).toBe(DEFAULT_VIDEO_COST);
    expect(videoCost(0)).toBe(50);
    expect(videoCost(8, 30)).toBe(48);
  });
});

describe("video capabilities", () => {
  const caps: VideoCapability[] = [
    {
      model_name_pattern: "veo",
      supports_text_to_video: true,
      supports_image_to_video: true,
      supports_video_to_video: false,
      supported_formats: [],
    },
    {
      model_name_pattern: "gen4_turbo",
      supports_text_to_video: false,
      supports_image_to_video: true,
      supports_video_to_video: false,
      supported_formats: [],
    },
  ];
  it("finds a model's family by the pattern its name contains", () => {
    expect(findCapability(caps, "veo-3")?.model_name_pattern).toBe("veo");
    expect(findCapability(caps, "Gen4_Turbo")?.model_name_pattern).toBe("gen4_turbo");
    expect(findCapability(caps, "sora")).toBeUndefined();
  });
  it("answers whether a family supports an action", () => {
    expect(supportsAction(caps[1], "image_to_video")).toBe(true);
    expect(supportsAction(caps[1], "text_to_video")).toBe(false);
  });
});
