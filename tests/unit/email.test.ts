import { describe, expect, it } from "vitest";
import { validateEmail } from "@/lib/validation/email";

// docs/product/screens.md "Validation on screens".
describe("validateEmail", () => {
  it("checks nothing while the email option is off", () => {
    expect(validateEmail({ enabled: false, value: "" })).toBeNull();
    expect(validateEmail({ enabled: false, value: "garbage" })).toBeNull();
  });

  it("requires a value when on", () => {
    expect(validateEmail({ enabled: true, value: "" })).toBe("emailRequired");
    expect(validateEmail({ enabled: true, value: "   " })).toBe("emailRequired");
  });

  it("requires a valid address when on", () => {
    expect(validateEmail({ enabled: true, value: "user@example.com" })).toBeNull();
    expect(validateEmail({ enabled: true, value: " user@example.ru " })).toBeNull();
    expect(validateEmail({ enabled: true, value: "user@" })).toBe("emailInvalid");
    expect(validateEmail({ enabled: true, value: "user.example.com" })).toBe("emailInvalid");
    expect(validateEmail({ enabled: true, value: "a b@c.d" })).toBe("emailInvalid");
  });
});
