import { describe, expect, it } from "vitest";
import { previewText } from "@/lib/server/history/text-preview";

describe("previewText", () => {
  it("keeps text of at most max characters and cuts longer text by graphemes with an ellipsis", () => {
    expect(previewText("", 5)).toBe("");
    expect(previewText("абвгд", 5)).toBe("абвгд");
    expect(previewText("абвгде", 5)).toBe("абвгд…");
    expect(previewText("🇷🇺🇷🇺🇷🇺", 2)).toBe("🇷🇺🇷🇺…");
    // Longer than max in UTF-16 units, not in characters: kept whole.
    expect(previewText("🇷🇺🇷🇺", 2)).toBe("🇷🇺🇷🇺");
    expect(previewText("e\u0301e\u0301e\u0301", 2)).toBe("e\u0301e\u0301…");
  });
});
