import { describe, expect, it } from "vitest";
import { limitDials } from "@/components/screens/account/limit-dials";

describe("limit dials", () => {
  it("splits each balance into the allowance left and package units; the dial runs to the larger of allowance and limit; each dial uses its own kind's total", () => {
    const dials = limitDials({
      remaining_quotas: { text_tokens: 700000, audio_tokens: 10, image_tokens: 60, file_tokens: 40, video_tokens: 5 },
      package_quotas: { text_tokens: 500000, audio_tokens: 0, image_tokens: 20, file_tokens: 0, video_tokens: 0 },
      tariff_limits: { text_tokens: 200000, audio_tokens: 60, image_tokens: 50, file_tokens: 10, video_tokens: 50 },
    });
    expect(dials).toEqual([
      { kind: "text", allowance: 200000, packageUnits: 500000, max: 200000, limit: 200000 },
      { kind: "audio", allowance: 10, packageUnits: 0, max: 60, limit: 60 },
      { kind: "image", allowance: 40, packageUnits: 20, max: 50, limit: 50 },
      { kind: "video", allowance: 5, packageUnits: 0, max: 50, limit: 50 },
      { kind: "file", allowance: 40, packageUnits: 0, max: 40, limit: 10 },
    ]);
  });
});
