import { describe, expect, it } from "vitest";
import { usagePercentage } from "@/lib/shared/usage";
import type { QuotaRecord } from "@/lib/shared/quota-kinds";

const rec = (text: number, audio: number, image: number, file: number, video: number): QuotaRecord => ({
  text_tokens: text,
  audio_tokens: audio,
  image_tokens: image,
  file_tokens: file,
  video_tokens: video,
});

// docs/product/billing.md "Quotas": usage percentage.
describe("usagePercentage", () => {
  it("is 'free' when every limit is zero", () => {
    expect(usagePercentage({ remaining: rec(5, 0, 0, 0, 0), limits: rec(0, 0, 0, 0, 0) })).toBe("free");
  });

  it("averages over the kinds with a non-zero limit only", () => {
    // text half used, image fully used, the rest have no limit: (0.5 + 1) / 2 = 75 %
    expect(usagePercentage({ remaining: rec(50, 0, 0, 0, 0), limits: rec(100, 0, 10, 0, 0) })).toBe("75%");
    expect(usagePercentage({ remaining: rec(100, 10, 10, 10, 10), limits: rec(100, 10, 10, 10, 10) })).toBe("0%");
  });

  it("counts each kind at most its equal share (a top-up above the limit is not negative use)", () => {
    expect(usagePercentage({ remaining: rec(0, 500, 0, 0, 0), limits: rec(100, 10, 0, 0, 0) })).toBe("50%");
  });

  it("rounds up above 50 % and down otherwise", () => {
    // 1/3 used = 33.3 % -> 33 %
    expect(usagePercentage({ remaining: rec(2, 0, 0, 0, 0), limits: rec(3, 0, 0, 0, 0) })).toBe("33%");
    // 2/3 used = 66.7 % -> 67 %; 50.2 % -> 51 %
    expect(usagePercentage({ remaining: rec(1, 0, 0, 0, 0), limits: rec(3, 0, 0, 0, 0) })).toBe("67%");
    expect(usagePercentage({ remaining: rec(498, 0, 0, 0, 0), limits: rec(1000, 0, 0, 0, 0) })).toBe("51%");
    // 49.8 % -> 49 %; exactly 50 % stays 50 %
    expect(usagePercentage({ remaining: rec(502, 0, 0, 0, 0), limits: rec(1000, 0, 0, 0, 0) })).toBe("49%");
    expect(usagePercentage({ remaining: rec(500, 0, 0, 0, 0), limits: rec(1000, 0, 0, 0, 0) })).toBe("50%");
  });
});
