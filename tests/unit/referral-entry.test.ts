import { describe, expect, it } from "vitest";
import { canActivate, isCheckableCode, referralEntryState } from "@/components/account/referral-entry";

const state = (code: string, over: Partial<{ checking: boolean; failed: boolean; canUse: boolean }> = {}) =>
  referralEntryState({ code, checking: false, failed: false, canUse: undefined, ...over });

describe("referral code entry", () => {
  it("checks only codes of 3 to 50 characters after trimming", () => {
    expect(isCheckableCode("ab")).toBe(false);
    expect(isCheckableCode("  ab  ")).toBe(false);
    expect(isCheckableCode("abc")).toBe(true);
    expect(isCheckableCode("x".repeat(50))).toBe(true);
    expect(isCheckableCode("x".repeat(51))).toBe(false);
  });

  it("walks empty, too short, checking, check error, valid and invalid", () => {
    expect(state("")).toBe("empty");
    expect(state(" a ")).toBe("tooShort");
    expect(state("x".repeat(51))).toBe("tooLong");
    expect(state("ABC", { checking: true })).toBe("checking");
    expect(state("ABC")).toBe("checking");
    expect(state("ABC", { failed: true })).toBe("checkError");
    expect(state("ABC", { canUse: true })).toBe("valid");
    expect(state("ABC", { canUse: false })).toBe("invalid");
  });

  it("activates only a valid code with no request in flight", () => {
    expect(canActivate("valid", false)).toBe(true);
    expect(canActivate("valid", true)).toBe(false);
    expect(canActivate("invalid", false)).toBe(false);
    expect(canActivate("checking", false)).toBe(false);
  });
});
