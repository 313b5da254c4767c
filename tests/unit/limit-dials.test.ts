import { describe, expect, it } from "vitest";
import { limitDials } from "@/lib/limit-dials";

describe("limit dials", () => {
  it("each dial runs to the larger of remaining and limit; the file dial uses the video total", () => {
    const dials = limitDials({
      remaining_quotas: { text_tokens: 700000, audio_tokens: 10, image_tokens: 60, file_tokens: 40, video_tokens: 5 },
      tariff_limits: { text_tokens: 200000, audio_tokens: 60, image_tokens: 50, file_tokens: 50, video_tokens: 50 },
    });
    expect(dials).toEqual([
      { kind: "text", remaining: 700000, max: 700000 },
      { kind: "audio", remaining: 10, max: 60 },
      { kind: "image", remaining: 60, max: 60 },
      { kind: "video", remaining: 5, max: 50 },
      { kind: "file", remaining: 40, max: 50 },
    ]);
  });
});
