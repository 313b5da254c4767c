import { describe, expect, it } from "vitest";
import { appliedDiscount, formatRoubles, payBlocker } from "@/components/payments/payment-form";

const ok = {
  hasTariff: true,
  price: 490,
  months: 1,
  emailError: null,
  referralEnabled: false,
  referralError: null,
} as const;

describe("pay button rules", () => {
  it("allows a complete form", () => expect(payBlocker(ok)).toBeNull());
  it("blocks an invalid or missing email with the email warning", () => {
    expect(payBlocker({ ...ok, emailError: "emailInvalid" })).toBe("emailInvalid");
    expect(payBlocker({ ...ok, emailError: "emailRequired" })).toBe("emailInvalid");
  });
  it("blocks a missing tariff, a zero price or period with 'check data'", () => {
    expect(payBlocker({ ...ok, hasTariff: false })).toBe("checkdata");
    expect(payBlocker({ ...ok, price: 0 })).toBe("checkdata");
    expect(payBlocker({ ...ok, months: 0 })).toBe("checkdata");
  });
  it("blocks an invalid referral amount only when the discount is on", () => {
    expect(payBlocker({ ...ok, referralEnabled: true, referralError: "belowMinimum" })).toBe("checkdata");
    expect(payBlocker({ ...ok, referralEnabled: false, referralError: "belowMinimum" })).toBeNull();
  });
  it("applies the typed discount only when on and valid", () => {
    expect(appliedDiscount({ enabled: true, input: "15.5", error: null })).toBe(15.5);
    expect(appliedDiscount({ enabled: false, input: "15", error: null })).toBe(0);
    expect(appliedDiscount({ enabled: true, input: "5", error: "belowMinimum" })).toBe(0);
  });
});

describe("formatRoubles", () => {
  it("shows whole roubles plain and kopecks with two decimals", () => {
    expect(formatRoubles(490)).toBe("490");
    expect(formatRoubles(12.5)).toBe("12.50");
  });
});
