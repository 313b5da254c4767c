import { describe, expect, it } from "vitest";
import { limitDials } from "@/lib/limit-dials";

describe("limit dials", () => {
  it("each dial runs to the larger of remaining and limit, marks balances above the limit as packages; the file dial uses the video total", () => {
    const dials = limitDials({
      remaining_quotas: { text_tokens: 700000, audio_tokens: 10, image_tokens: 60, file_tokens: 40, video_tokens: 5 },
      tariff_limits: { text_tokens: 200000, audio_tokens: 60, image_tokens: 50, file_tokens: 50, video_tokens: 50 },
    });
    expect(dials).toEqual([
      { kind: "text", remaining: 700000, max: 700000, limit: 200000, packages: true },
      { kind: "audio", remaining: 10, max: 60, limit: 60, packages: false },
      { kind: "image", remaining: 60, max: 60, limit: 50, packages: true },
      { kind: "video", remaining: 5, max: 50, limit: 50, packages: false },
      { kind: "file", remaining: 40, max: 50, limit: 50, packages: false },
    ]);
  });
  it("never credits packages for documents above the borrowed video total", () => {
    const [file] = limitDials({
      remaining_quotas: { text_tokens: 0, audio_tokens: 0, image_tokens: 0, file_tokens: 10, video_tokens: 0 },
      tariff_limits: { text_tokens: 0, audio_tokens: 0, image_tokens: 0, file_tokens: 10, video_tokens: 0 },
    }).filter((d) => d.kind === "file");
    expect(file).toEqual({ kind: "file", remaining: 10, max: 10, limit: 0, packages: false });
  });
});
