import { describe, expect, it } from "vitest";
import {
  decimalSeparator,
  deviceTimeZone,
  formatCount,
  formatMoney,
  formatNumber,
  parseNumberInput,
} from "@/lib/shared/format";

// Intl writes no-break (U+00A0) and narrow no-break (U+202F) spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatCount", () => {
  it("shows values of 1000 and above in the locale's compact form", () => {
    expect(formatCount(999, "en")).toBe("999");
    expect(formatCount(1000, "en")).toBe("1K");
    expect(formatCount(1500, "en")).toBe("1.5K");
    expect(formatCount(520000, "en")).toBe("520K");
    expect(formatCount(1_000_000, "en")).toBe("1M");
    expect(formatCount(2_500_000, "en")).toBe("2.5M");
    expect(formatCount(999, "ru")).toBe("999");
    expect(plain(formatCount(1500, "ru"))).toBe("1,5 тыс.");
    expect(plain(formatCount(200000, "ru"))).toBe("200 тыс.");
    expect(plain(formatCount(10_000_000, "ru"))).toBe("10 млн");
    expect(plain(formatCount(2_500_000, "ru"))).toBe("2,5 млн");
  });
});

describe("formatMoney", () => {
  it("writes roubles with the locale's grouping and sign, kopecks only when present", () => {
    expect(plain(formatMoney(6688, "ru"))).toBe("6 688 ₽");
    expect(formatMoney(6688, "en")).toBe("₽6,688");
    expect(plain(formatMoney(12.5, "ru"))).toBe("12,50 ₽");
    expect(formatMoney(1234567.8, "en")).toBe("₽1,234,567.80");
    expect(plain(formatMoney(0, "ru"))).toBe("0 ₽");
  });
});

describe("formatNumber", () => {
  it("groups thousands as the locale does", () => {
    expect(plain(formatNumber(3_000_000, "ru"))).toBe("3 000 000");
    expect(formatNumber(3_000_000, "en")).toBe("3,000,000");
  });
});

describe("parseNumberInput", () => {
  it("reads numbers typed or pasted with any kind of space between groups", () => {
    expect(parseNumberInput("3 000 000")).toBe(3_000_000);
    expect(parseNumberInput("3\u00a0000\u00a0000")).toBe(3_000_000);
    expect(parseNumberInput("3\u2009000\u202f000")).toBe(3_000_000);
    expect(parseNumberInput(plain(formatNumber(3_000_000, "ru")))).toBe(3_000_000);
    expect(parseNumberInput("3,000,000")).toBe(3_000_000);
    expect(parseNumberInput(" 1999,9 ")).toBe(1999.9);
    expect(parseNumberInput("12.5")).toBe(12.5);
  });
  it("refuses what is not a number", () => {
    expect(parseNumberInput("")).toBeNull();
    expect(parseNumberInput("   ")).toBeNull();
    expect(parseNumberInput("abc")).toBeNull();
    expect(parseNumberInput("3 000 руб")).toBeNull();
  });
});

describe("decimalSeparator", () => {
  it("is the locale's own: a comma in Russian, a point in English", () => {
    expect(decimalSeparator("ru")).toBe(",");
    expect(decimalSeparator("en")).toBe(".");
  });
});

describe("deviceTimeZone", () => {
  it("is the zone the runtime reports, not a fixed one", () => {
    expect(deviceTimeZone()).toBe(new Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
