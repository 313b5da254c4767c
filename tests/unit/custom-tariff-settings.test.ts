import { describe, expect, it } from "vitest";
import { restoreCustomSettings, serializeCustomSettings } from "@/components/screens/tariffs/custom-tariff-settings";

const bounds = {
  text: { min: 2000000, max: 10000000 },
  audio: { min: 400, max: 2000 },
  image: { min: 400, max: 2000 },
  video: { min: 400, max: 2000 },
  files: { min: 400, max: 2000 },
};

describe("custom tariff local settings", () => {
  it("starts from the defaults clamped to the bounds and the day timeframe", () => {
    expect(restoreCustomSettings(null, bounds)).toEqual({
      values: { text: 2000000, audio: 400, image: 400, video: 400, files: 400 },
      timeframe: "day",
    });
  });
  it("restores what was saved, clamped and stepped", () => {
    const raw = serializeCustomSettings({
      values: { text: 3000400, audio: 505, image: 9999, video: 401, files: 1000 },
      timeframe: "year",
    });
    expect(restoreCustomSettings(raw, bounds)).toEqual({
      values: { text: 3000000, audio: 510, image: 2000, video: 401, files: 1000 },
      timeframe: "year",
    });
  });
  it("ignores a damaged entry", () => {
    expect(restoreCustomSettings("{not json", bounds).timeframe).toBe("day");
    expect(restoreCustomSettings('{"timeframe":"century","text":"x"}', bounds).values.text).toBe(2000000);
  });
});
