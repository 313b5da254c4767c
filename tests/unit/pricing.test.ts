import { describe, expect, it } from "vitest";
import {
  DEFAULT_MONTHS,
  PERIODS,
  isValidMonths,
  perDayCost,
  periodPrice,
  roundMoney,
} from "@/lib/shared/pricing/periods";
import {
  CUSTOM_DEFAULTS,
  CUSTOM_STEPS,
  DEFAULT_TIMEFRAME,
  TIMEFRAME_MULTIPLIER,
  clampToStep,
  customBounds,
  customMonthlyPrice,
  customPerDay,
  parseTypedValue,
  timeframePrice,
  type TariffRates,
} from "@/lib/shared/pricing/custom-tariff";
import {
  REFERRAL_MIN_AMOUNT,
  REFERRAL_RESERVE,
  maxReferralDiscount,
  validateReferralAmount,
} from "@/lib/shared/pricing/referral-discount";

// docs/product/billing.md "Periods and prices".
describe("tariff periods", () => {
  it("offers 30, 60 and 90 days as 1, 2 and 3 months, 30 days by default", () => {
    expect(PERIODS.map((p) => [p.days, p.months])).toEqual([
      [30, 1],
      [60, 2],
      [90, 3],
    ]);
    expect(DEFAULT_MONTHS).toBe(1);
    expect([0, 1, 2, 3, 4, 1.5].map(isValidMonths)).toEqual([false, true, true, true, false, false]);
  });

  it("prices amount x months minus the referral discount, never below 0", () => {
    expect(periodPrice({ amountPer30Days: 490, months: 1 })).toBe(490);
    expect(periodPrice({ amountPer30Days: 490, months: 3 })).toBe(1470);
    expect(periodPrice({ amountPer30Days: 490, months: 2, referralDiscount: 100 })).toBe(880);
    expect(periodPrice({ amountPer30Days: 490, months: 1, referralDiscount: 600 })).toBe(0);
    expect(periodPrice({ amountPer30Days: 99.9, months: 3, referralDiscount: 10.1 })).toBe(289.6);
  });

  it("shows the per-day cost as ceil(amount / 30)", () => {
    expect(perDayCost(490)).toBe(17);
    expect(perDayCost(1490)).toBe(50);
    expect(perDayCost(300)).toBe(10);
    expect(perDayCost(0)).toBe(0);
  });

  it("rounds money to kopecks", () => {
    expect(roundMoney(0.1 + 0.2)).toBe(0.3);
    expect(roundMoney(1490 * 3 - 10.1)).toBe(4459.9);
  });
});

const rates: TariffRates = {
  token_to_usd_rate: 0.000002,
  audio_token_to_usd_rate: 0.006,
  image_token_to_usd_rate: 0.02,
  video_token_to_usd_rate: 0.03,
  file_token_to_usd_rate: 0.01,
  usd_rate: 95,
};

// docs/product/billing.md "Custom tariff".
describe("custom tariff", () => {
  it("has the documented dial defaults and steps", () => {
    expect(CUSTOM_DEFAULTS).toEqual({ text: 10000, audio: 10, video: 10, image: 10, files: 10 });
    expect(CUSTOM_STEPS).toEqual({ text: 1000, audio: 10, image: 1, video: 1, files: 10 });
  });

  it("prices ceil(sum of value x kind rate x usd rate)", () => {
    // (2e6*0.000002 + 400*0.006 + 400*0.02 + 400*0.03 + 400*0.01) * 95 = (4 + 2.4 + 8 + 12 + 4) * 95 = 2888
    expect(customMonthlyPrice({ text: 2_000_000, audio: 400, image: 400, video: 400, files: 400 }, rates)).toBe(2888);
    // 10000*0.000002*95 = 1.9 -> 2
    expect(customMonthlyPrice({ text: 10000, audio: 0, image: 0, video: 0, files: 0 }, rates)).toBe(2);
    expect(customMonthlyPrice({ text: 0, audio: 0, image: 1, video: 0, files: 0 }, rates)).toBe(2);
    expect(customMonthlyPrice({ text: 0, audio: 0, image: 0, video: 0, files: 0 }, rates)).toBe(0);
  });

  it("has timeframe multipliers day 1/30, week 7/30, month 1, year 12 with day as default", () => {
    expect(TIMEFRAME_MULTIPLIER).toEqual({ day: 1 / 30, week: 7 / 30, month: 1, year: 12 });
    expect(DEFAULT_TIMEFRAME).toBe("day");
    expect(timeframePrice(2888, "day")).toBe(97);
    expect(timeframePrice(2888, "week")).toBe(674);
    expect(timeframePrice(2888, "month")).toBe(2888);
    expect(timeframePrice(2888, "year")).toBe(34656);
    expect(timeframePrice(30, "day")).toBe(1);
  });

  it("shows the custom payment's month figure as ceil(allprice / 30)", () => {
    expect(customPerDay(2888)).toBe(97);
    expect(customPerDay(30)).toBe(1);
  });

  it("bounds each slider from 2 x the Neuro Basic balance to the Custom balance", () => {
    const bounds = customBounds({
      neuroBasic: { text: 1_000_000, audio: 200, image: 200, video: 200, files: 200 },
      custom: { text: 10_000_000, audio: 2000, image: 2000, video: 2000, files: 2000 },
    });
    expect(bounds.text).toEqual({ min: 2_000_000, max: 10_000_000 });
    expect(bounds.files).toEqual({ min: 400, max: 2000 });
  });

  it("clamps a value into its bounds and rounds it to its step", () => {
    const b = { min: 2_000_000, max: 10_000_000 };
    expect(clampToStep(2_345_678, b, 1000)).toBe(2_346_000);
    expect(clampToStep(2_345_400, b, 1000)).toBe(2_345_000);
    expect(clampToStep(5, b, 1000)).toBe(2_000_000);
    expect(clampToStep(99_000_000, b, 1000)).toBe(10_000_000);
    expect(clampToStep(Number.NaN, b, 1000)).toBe(2_000_000);
    expect(clampToStep(404, { min: 400, max: 2000 }, 10)).toBe(400);
    expect(clampToStep(406, { min: 400, max: 2000 }, 10)).toBe(410);
    expect(clampToStep(401, { min: 400, max: 2000 }, 1)).toBe(401);
  });

  it("accepts a typed value only when it is numeric", () => {
    const b = { min: 400, max: 2000 };
    expect(parseTypedValue("512", b, 10)).toBe(510);
    expect(parseTypedValue(" 1999,9 ", b, 1)).toBe(2000);
    expect(parseTypedValue("abc", b, 10)).toBeNull();
    expect(parseTypedValue("", b, 10)).toBeNull();
    expect(parseTypedValue("99999", b, 10)).toBe(2000);
  });
});

// docs/product/billing.md "Referral discount".
describe("referral discount", () => {
  it("has a minimum of 10 and a reserve of 20", () => {
    expect(REFERRAL_MIN_AMOUNT).toBe(10);
    expect(REFERRAL_RESERVE).toBe(20);
  });

  it("caps the discount at the balance and at price minus 20, never below 0", () => {
    expect(maxReferralDiscount({ balance: 100, price: 490 })).toBe(100);
    expect(maxReferralDiscount({ balance: 1000, price: 490 })).toBe(470);
    expect(maxReferralDiscount({ balance: 1000, price: 15 })).toBe(0);
    expect(maxReferralDiscount({ balance: 0, price: 490 })).toBe(0);
  });

  it("validates a typed amount: format, 0 allowed, minimum, balance, maximum, no balance", () => {
    const v = (input: string, balance = 300, price = 490) => validateReferralAmount({ input, balance, price });
    expect(v("0")).toBeNull();
    expect(v("10")).toBeNull();
    expect(v("150.5")).toBeNull();
    expect(v("300")).toBeNull();
    expect(v("abc")).toBe("invalidFormat");
    expect(v("-5")).toBe("invalidFormat");
    expect(v("1e3")).toBe("invalidFormat");
    expect(v("9.99")).toBe("belowMinimum");
    expect(v("301")).toBe("exceedsBalance");
    expect(v("100", 300, 100)).toBe("aboveMaximum");
    expect(v("80", 300, 100)).toBeNull();
    expect(v("10", 0)).toBe("noBalance");
  });
});
